import { ObjectId, type Db, type Filter } from 'mongodb';
import type { Logger } from 'pino';
import { isDatabaseUnreachable } from '../database';
import { CursorStore } from './cursors';
import type { EventLog, EventPayload, Recorded, StoredEvent } from './event';
import { ConsumerReporter } from './reporter';
import { SeenSet } from './seen';
import { recentStart, restartWindow, windowStart, type WindowState } from './window';

export interface EventConsumerSpec<E extends EventPayload = EventPayload> {
  /** Unique across services (`<service>.<purpose>`); with `log` it names the cursor. */
  name: string;
  log: EventLog<E>;
  /** Must be idempotent: an event can be handed over again after a restart or by the look-back. */
  handle(event: Recorded<E>): Promise<void>;
  /** Pause between polls while there is nothing new. Default 250 ms. */
  intervalMs?: number;
  /** How far behind the cursor (and the clock) events committed late are still picked up. Default 30 s. */
  lookBackMs?: number;
  /** Events handed over per poll; a full batch is followed by the next poll at once. Default 100. */
  batchSize?: number;
  /**
   * 'shared' (default): the position is stored (`event_cursors`) and shared by every instance, and a restart
   * resumes there. 'live': this process handles only what is recorded after it started and keeps its position
   * in memory, for work each instance does for itself (pushing to the sockets it holds).
   */
  position?: 'shared' | 'live';
}

export interface EventConsumer {
  /** Stops polling; resolves once a batch in flight is done. */
  stop(): Promise<void>;
  /**
   * Handles everything recorded so far and resolves when done (waiting for the database while it is down);
   * rejects when a handler fails or the consumer is stopped meanwhile.
   */
  drain(): Promise<void>;
}

export const DEFAULT_INTERVAL_MS = 250;
export const DEFAULT_LOOK_BACK_MS = 30_000;
export const DEFAULT_BATCH_SIZE = 100;
/** Between attempts while the database is unreachable: each attempt already waits for server selection. */
const OUTAGE_RETRY_MS = 1000;

/** A handler threw: the consumer stopped at that event and retries it on the next poll. */
export class EventHandlerError extends Error {
  constructor(
    readonly event: StoredEvent,
    cause: unknown,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`handling ${event.type} ${event._id.toHexString()} failed: ${reason}`, { cause });
    this.name = 'EventHandlerError';
  }
}

interface PollResult {
  /** Unseen events read (and handled, or the poll would have thrown). */
  read: number;
  full: boolean;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const later = (a: ObjectId, b: ObjectId | undefined): boolean => !b || a.toHexString() > b.toHexString();
const latest = (a: ObjectId | undefined, b: ObjectId | undefined): ObjectId | undefined =>
  a && later(a, b) ? a : b;

class PollingConsumer implements EventConsumer {
  private readonly intervalMs: number;
  private readonly lookBackMs: number;
  private readonly batchSize: number;
  private readonly cursors: CursorStore;
  private readonly reporter: ConsumerReporter;
  private readonly seen = new SeenSet();
  private loaded = false;
  private state: WindowState = {};
  private persisted?: ObjectId;
  /** 'live' consumers read nothing at or before the id made when they started. */
  private readonly floor?: ObjectId;
  /** Polls run one at a time, the timer's and drain()'s alike. */
  private chain: Promise<unknown> = Promise.resolve();
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly db: Db,
    logger: Logger,
    private readonly spec: EventConsumerSpec,
  ) {
    this.intervalMs = spec.intervalMs ?? DEFAULT_INTERVAL_MS;
    this.lookBackMs = spec.lookBackMs ?? DEFAULT_LOOK_BACK_MS;
    this.batchSize = spec.batchSize ?? DEFAULT_BATCH_SIZE;
    this.cursors = new CursorStore(db, `${spec.name}:${spec.log.name}`);
    this.reporter = new ConsumerReporter(logger.child({ consumer: spec.name, log: spec.log.name }));
    if (spec.position === 'live') {
      this.floor = new ObjectId();
      this.state = { lastId: this.floor };
      this.persisted = this.floor;
      this.loaded = true;
    }
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.chain;
  }

  async drain(): Promise<void> {
    for (;;) {
      if (this.stopped) throw new Error(`event consumer ${this.spec.name} stopped`);
      try {
        if ((await this.pollOnce()).read === 0) return;
      } catch (err) {
        if (!isDatabaseUnreachable(err)) throw err;
        await sleep(OUTAGE_RETRY_MS);
      }
    }
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), delayMs);
  }

  private async tick(): Promise<void> {
    let delay = this.intervalMs;
    try {
      if ((await this.pollOnce()).full) delay = 0;
    } catch (err) {
      if (isDatabaseUnreachable(err)) delay = Math.max(delay, OUTAGE_RETRY_MS);
    }
    this.schedule(delay);
  }

  /** One poll, after any poll in flight; every failure is reported here, then passed on. */
  private pollOnce(): Promise<PollResult> {
    const next = this.chain.then(() => this.poll());
    this.chain = next.then(
      () => undefined,
      (err: unknown) => this.report(err),
    );
    return next;
  }

  private report(err: unknown): void {
    if (isDatabaseUnreachable(err)) this.reporter.databaseUnreachable(err);
    else if (err instanceof EventHandlerError) this.reporter.handleFailed(err.event, err.cause);
    else this.reporter.unexpected(err);
  }

  private async poll(): Promise<PollResult> {
    if (this.stopped) return { read: 0, full: false };
    if (!this.loaded) {
      const lastId = await this.cursors.load();
      this.state = { lastId, scanFrom: restartWindow(lastId, this.lookBackMs) };
      this.persisted = lastId;
      this.loaded = true;
    }
    const now = Date.now();
    const from = latest(windowStart(this.state, this.lookBackMs, now), this.floor);
    const forgetBefore = latest(recentStart(this.state, this.lookBackMs, now), this.floor);
    if (forgetBefore) this.seen.prune(forgetBefore);
    const batch = await this.unseenAfter(from);
    const full = batch.length === this.batchSize;
    let handledUpTo = from;
    try {
      for (const event of batch) {
        await this.handleOne(event);
        handledUpTo = event._id;
      }
      // The scan reached the end of the log, or resumes after this batch.
      this.state.scanFrom = full ? handledUpTo : undefined;
    } catch (err) {
      this.state.scanFrom = handledUpTo;
      await this.saveCursor();
      throw err;
    }
    await this.saveCursor();
    this.reporter.pollSucceeded();
    return { read: batch.length, full };
  }

  /** The first `batchSize` events after `from` not handled yet, in `_id` order. */
  private async unseenAfter(from: ObjectId | undefined): Promise<StoredEvent[]> {
    const filter: Filter<StoredEvent> = from ? { _id: { $gt: from } } : {};
    const batch: StoredEvent[] = [];
    const cursor = this.db.collection<StoredEvent>(this.spec.log.name).find(filter).sort({ _id: 1 });
    try {
      for await (const event of cursor) {
        if (this.seen.has(event._id)) continue;
        batch.push(event);
        if (batch.length === this.batchSize) break;
      }
    } finally {
      await cursor.close().catch(() => undefined);
    }
    return batch;
  }

  private async handleOne(event: StoredEvent): Promise<void> {
    try {
      await this.spec.handle(event);
    } catch (err) {
      // A handler's write failing because the database is gone is the outage, not the event.
      throw isDatabaseUnreachable(err) ? err : new EventHandlerError(event, err);
    }
    this.seen.add(event._id);
    this.reporter.handled(event);
    if (later(event._id, this.state.lastId)) this.state.lastId = event._id;
  }

  /** Stores the position once it moved; retried at the next poll if the database is unreachable. */
  private async saveCursor(): Promise<void> {
    const { lastId } = this.state;
    if (this.floor || !lastId || !later(lastId, this.persisted)) return;
    await this.cursors.save(lastId);
    this.persisted = lastId;
  }
}

/** Starts polling `spec.log` at once (docs/events.md "Consumers"); `startService` does this for a service. */
export function startEventConsumer<E extends EventPayload>(
  deps: { db: Db; logger: Logger },
  spec: EventConsumerSpec<E>,
): EventConsumer {
  return new PollingConsumer(deps.db, deps.logger, spec);
}
