import type { Logger } from 'pino';
import type { BoundHistogram } from '../metrics';
import { parseTraceparent } from '../tracing';
import type { LogEntry } from './event';

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * What a consumer logs, so that retries every second never flood the log: one warning per database outage,
 * one error per failing event (its retries at debug level), one error per distinct unexpected failure.
 */
export class ConsumerReporter {
  private outage = false;
  private failingEvent?: { id: string; attempts: number };
  private lastUnexpected?: string;

  private readonly observeLag?: (seconds: number) => void;

  constructor(
    private readonly logger: Logger,
    /** The process's consumer lag histogram, and this consumer's name in it. */
    lag?: { histogram: BoundHistogram<'consumer'>; consumer: string },
  ) {
    this.observeLag = lag?.histogram.child({ consumer: lag.consumer });
  }

  databaseUnreachable(err: unknown): void {
    if (this.outage) {
      this.logger.debug({ err: messageOf(err) }, 'event consumer still waiting for the database');
      return;
    }
    this.outage = true;
    this.logger.warn({ err: messageOf(err) }, 'event consumer cannot reach the database; retrying');
  }

  /**
   * A drain could not reach the database and tries again: debug level, and no part of the outage's state (the
   * stream's failures and reopening tell when an outage begins and ends).
   */
  drainWaiting(err: unknown): void {
    this.logger.debug({ err: messageOf(err) }, 'event consumer drain waiting for the database');
  }

  /** The stream is open: ends an outage and any run of unexpected failures. */
  connected(): void {
    if (this.outage) this.logger.info('event consumer reached the database again');
    this.outage = false;
    this.lastUnexpected = undefined;
  }

  handleFailed(event: LogEntry, err: unknown): void {
    const id = event._id.toHexString();
    const fields = { eventId: id, type: event.type, err: messageOf(err) };
    if (this.failingEvent?.id === id) {
      this.failingEvent.attempts += 1;
      this.logger.debug({ ...fields, attempts: this.failingEvent.attempts }, 'event handler failed again');
      return;
    }
    this.failingEvent = { id, attempts: 1 };
    this.logger.error(fields, 'event handler failed; retrying');
  }

  /** A batch handler threw: its events are handed over one at a time, which logs the failing one. */
  batchFailed(events: number, err: unknown): void {
    this.logger.debug({ events, err: messageOf(err) }, 'event batch handler failed; handling one at a time');
  }

  handled(event: LogEntry): void {
    // Lag: from the event's createdAt (the recording, or the time its payload gave, as account.registered's) on.
    const lagMs = event.createdAt instanceof Date ? Math.max(0, Date.now() - event.createdAt.getTime()) : 0;
    this.observeLag?.(lagMs / 1000);
    if (this.logger.isLevelEnabled('trace')) {
      const traceId = parseTraceparent(event.traceparent)?.traceId;
      // Trace level: one line per event, below the debug lines of retries and outages.
      this.logger.trace(
        { eventId: event._id.toHexString(), type: event.type, lagMs, ...(traceId ? { traceId } : {}) },
        'event handled',
      );
    }
    if (this.failingEvent?.id !== event._id.toHexString()) return;
    this.logger.info(
      { eventId: this.failingEvent.id, attempts: this.failingEvent.attempts + 1 },
      'event handled after retries',
    );
    this.failingEvent = undefined;
  }

  /** The stored position is older than the oplog's history: the log itself is read from the last event handled. */
  historyLost(err: unknown): void {
    this.logger.warn(
      { err: messageOf(err) },
      'event position no longer in the oplog; reading the log instead',
    );
  }

  unexpected(err: unknown): void {
    const message = messageOf(err);
    if (message === this.lastUnexpected) return;
    this.lastUnexpected = message;
    this.logger.error({ err: message }, 'event consumer failed; retrying');
  }
}
