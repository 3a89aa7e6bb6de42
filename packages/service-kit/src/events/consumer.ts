// Node's own timers, named: a test that fakes the global clock must not stop the consumer's retries.
import { clearTimeout, setTimeout } from 'node:timers';
import {
  MongoServerError,
  Timestamp,
  type ChangeStream,
  type ChangeStreamInsertDocument,
  type Collection,
  type Db,
  type ObjectId,
  type ResumeToken,
} from 'mongodb';
import type { Logger } from 'pino';
import { isDatabaseUnreachable } from '../database';
import { CursorStore } from './cursors';
import type { EventLog, EventPayload, LogEntry, Recorded } from './event';
import type { ProcessMetrics } from '../metrics';
import type { Tracer } from '../tracing';
import { handleInTrace, traceBatch } from './consumer-spans';
import { ConsumerReporter } from './reporter';
import { wakeableSleep, type WakeableSleep } from '../wakeable-sleep';
import { currentClusterTime, idSecondsBefore, justAfter } from './positions';

export interface EventConsumerSpec<E extends object = EventPayload> {
  /** Unique across services (`<service>.<purpose>`); with `log` it names the stored position. */
  name: string;
  log: EventLog<E>;
  /** Must be idempotent: an event can be handed over again after a crash or a restart. */
  handle(event: Recorded<E>): Promise<void>;
  /**
   * Optional: handles several events at once (what the stream already holds, in commit order, at most
   * `BATCH_MAX`), with the outcome of handling them one by one in that order, and as idempotently. When it
   * throws, the consumer hands the same events to `handle` one at a time, which finds the failing one (logged,
   * retried, nothing after it passed over); so it may stop at its first failure or not, but must not swallow one.
   */
  handleBatch?(events: Recorded<E>[]): Promise<void>;
  /**
   * Optional, instead of `handleBatch`: the same in two steps, so that the database works on one batch's writes
   * while the next batch is prepared. It reads what a batch needs and resolves to the batch's writes, which the
   * consumer runs later: one batch's writes after the other's, in order, each started once the previous one's
   * are done. So what it reads must not depend on the previous batch's writes. When either step fails, the batch
   * goes to `handle` one event at a time, as with `handleBatch`.
   */
  prepareBatch?(events: Recorded<E>[]): Promise<() => Promise<void>>;
  /**
   * 'shared' (default): the position is stored (`event_cursors`) and shared by every instance, and a restart
   * resumes there. 'live': this process handles only what is recorded after it started and keeps its position
   * in memory, for work each instance does for itself (pushing to the sockets it holds). 'replay': this process
   * reads the whole log at each start, then follows it, its position in memory (state each process keeps in
   * memory, such as the token revocations every verifier holds).
   */
  position?: 'shared' | 'live' | 'replay';
}

export interface EventConsumer {
  /** The spec's `name`. */
  readonly name: string;
  /**
   * Resolves once the first stream is open: from then on every event recorded is handed over ('replay': and the
   * whole log has been read). Never resolves while the database cannot be reached.
   */
  readonly ready: Promise<void>;
  /** Stops reading; resolves once the event in hand is handled and the position stored. */
  stop(): Promise<void>;
  /**
   * Resolves once everything recorded so far is handled (waiting for the database while it is down); rejects
   * when a handler fails or the consumer is stopped meanwhile.
   */
  drain(): Promise<void>;
}

/**
 * How long one getMore waits on a quiet log before the driver sends the next: the only database command a consumer
 * sends while nothing happens. An event ends the wait at once (the server answers as soon as it commits).
 */
export const IDLE_WAIT_MS = 60_000;
/** Between attempts after a failure (a handler's, or the database's): each attempt starts where handling stopped. */
const RETRY_MS = 1000;
/** The position is stored this long after the last event handled, or after this many events, whichever is first. */
const SAVE_DELAY_MS = 100;
const SAVE_EVERY = 500;
/** The most events handed to `handleBatch` at once: what the stream (or a reading of the log) already holds. */
export const BATCH_MAX = 500;
/**
 * Reading the log itself (no stored stream position: a first start, or history the oplog no longer holds) starts
 * this far before the last event handled: ids are made before their inserts commit, so commit order and id order
 * may differ by a little.
 */
const SCAN_LOOK_BACK_SECONDS = 60;
/** The oplog no longer holds the stored position (ChangeStreamHistoryLost), or the server cannot resume from it. */
const HISTORY_GONE = new Set([286, 280]);

const ONLY_INSERTS = [{ $match: { operationType: 'insert' } }];
/**
 * A drain behind by more than this first looks for the newest pending event among the changes of the last this
 * many seconds only, so it does not read (and the server decode) the whole backlog a second time beside the
 * consumer; only when that window holds no event does it read from the consumer's position.
 */
const PROBE_WINDOW_SECONDS = 1;

/** A handler threw: the consumer stopped at that event and retries it. */
export class EventHandlerError extends Error {
  constructor(
    readonly event: LogEntry,
    cause: unknown,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`handling ${event.type ?? 'entry'} ${event._id.toHexString()} failed: ${reason}`, { cause });
    this.name = 'EventHandlerError';
  }
}

type Insert = ChangeStreamInsertDocument<LogEntry>;

/** A prepared batch whose writes are running: `done` resolves to their failure, or undefined. */
interface Writing {
  changes: Insert[];
  done: Promise<unknown>;
  /** When its preparing started (Date.now(): the start of its events' spans). */
  started: number;
}

/** A reading of the log by id: the cluster time taken before it, and the last id read. */
interface LogScan {
  at: Timestamp;
  after?: ObjectId;
}

/** An event a drain waits for: its id and the time its insert committed. */
interface Pending {
  id: string;
  time?: Timestamp;
}

/**
 * Reads a log through a change stream (docs/events.md): the server pushes each event as its insert commits, in
 * commit order, and nothing is sent while the log is quiet but one getMore a minute. The position (the resume
 * token of the last event handled) is stored after handling, so delivery is at least once.
 */
class StreamConsumer implements EventConsumer {
  private readonly log: Collection<LogEntry>;
  private readonly cursors: CursorStore;
  private readonly reporter: ConsumerReporter;
  /** Whether the position is stored in `event_cursors` (and read from there at start). */
  private readonly stored: boolean;
  /** Whether a start without a position reads the log first ('live' starts where the server first answers). */
  private readonly readsLogFirst: boolean;
  private stream?: ChangeStream<LogEntry, Insert>;
  /** Just after the last event handled (or where the stream started): where a new stream resumes. */
  private position?: ResumeToken;
  private positionTime?: Timestamp;
  private lastId?: LogEntry['_id'];
  /** Reading the log itself, when there is no stream position to resume from. */
  private scan?: LogScan;
  private loaded = false;
  private saved?: ResumeToken;
  private unsaved = 0;
  private saveTimer?: NodeJS.Timeout;
  private stopped = false;
  /** The pauses under way: `run` and a `drain` can each be in one, and stopping ends them all. */
  private readonly retrySleeps = new Set<WakeableSleep>();
  private readonly running: Promise<void>;
  /** Resolves once the first stream is open (and a first start's reading of the log is done). */
  readonly ready: Promise<void>;
  private markOpened: () => void = () => undefined;
  /** Rejects when the consumer stops, ending any drain in progress. */
  private readonly stopping: Promise<never>;
  private markStopping: () => void = () => undefined;
  /** Drains waiting for the position to reach an event (checked after each event handled), or for a failure. */
  private readonly progressListeners = new Set<() => void>();
  private readonly failureListeners = new Set<(err: EventHandlerError) => void>();
  readonly name: string;

  constructor(
    private readonly db: Db,
    logger: Logger,
    private readonly spec: EventConsumerSpec<LogEntry>,
    metrics?: ProcessMetrics,
    /** The part's tracer, when it exports spans. */
    private readonly tracer?: Tracer,
    private readonly retryMs = RETRY_MS,
  ) {
    this.name = spec.name;
    this.log = db.collection<LogEntry>(spec.log.name);
    this.cursors = new CursorStore(db, `${spec.name}:${spec.log.name}`);
    this.reporter = new ConsumerReporter(
      logger.child({ consumer: spec.name, log: spec.log.name }),
      metrics && { histogram: metrics.consumerLag, consumer: spec.name },
    );
    const position = spec.position ?? 'shared';
    this.stored = position === 'shared';
    this.readsLogFirst = position !== 'live';
    this.ready = new Promise((resolve) => {
      this.markOpened = resolve;
    });
    this.stopping = new Promise<never>((_resolve, reject) => {
      this.markStopping = () => reject(new Error(`event consumer ${spec.name} stopped`));
    });
    this.stopping.catch(() => undefined);
    this.running = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.markStopping();
    for (const sleep of this.retrySleeps) sleep.wake();
    await this.stream?.close().catch(() => undefined);
    await this.running;
    clearTimeout(this.saveTimer);
    await this.save().catch(() => undefined);
  }

  async drain(): Promise<void> {
    // A handler failing while this drain waits ends it (the consumer itself retries the event).
    let removeListener = (): void => undefined;
    const failed = new Promise<never>((_resolve, reject) => {
      this.failureListeners.add(reject);
      removeListener = () => this.failureListeners.delete(reject);
    });
    failed.catch(() => undefined);
    try {
      for (;;) {
        if (this.stopped) throw new Error(`event consumer ${this.spec.name} stopped`);
        await Promise.race([this.ready, this.stopping, failed]);
        try {
          const pending = await Promise.race([this.lastPending(), failed]);
          if (pending) await Promise.race([this.reach(pending), this.stopping, failed]);
          // What was handled is stored too, so a restart after a drain hands nothing over again.
          await this.save();
          return;
        } catch (err) {
          if (!isDatabaseUnreachable(err)) throw err;
          this.reporter.drainWaiting(err);
          await this.pause(this.retryMs);
        }
      }
    } finally {
      removeListener();
    }
  }

  /** Opens streams one after the other: a failure closes the current one and, after a pause, resumes. */
  private async run(): Promise<void> {
    while (!this.stopped) {
      try {
        await this.consume();
      } catch (err) {
        if (this.stopped) break;
        await this.stream?.close().catch(() => undefined);
        if (this.stopped) break;
        // Reported just before the pause: once the line is out, the pause is under way.
        this.report(err);
        if (err instanceof MongoServerError && HISTORY_GONE.has(Number(err.code))) {
          this.reporter.historyLost(err);
          this.position = undefined;
          this.scan = undefined;
        }
        await this.pause(this.retryMs);
      }
    }
  }

  private async consume(): Promise<void> {
    if (!this.loaded) {
      if (this.stored) {
        const stored = await this.cursors.load();
        this.position = stored?.token;
        this.positionTime = stored?.at;
        this.lastId = stored?.lastId;
      }
      this.loaded = true;
    }
    let start: { resumeAfter?: ResumeToken; startAtOperationTime?: Timestamp } = {};
    if (this.position) start = { resumeAfter: this.position };
    else if (this.readsLogFirst) {
      // No stream position: read what the log holds since the last event handled (or all of it), then stream
      // from just after a time taken before that reading: whatever committed later, the stream hands over.
      // A reading cut short by a failing handler goes on after the last event it handled, from the same time.
      this.scan ??= {
        at: await currentClusterTime(this.db),
        after: this.lastId && idSecondsBefore(this.lastId, SCAN_LOOK_BACK_SECONDS),
      };
      await this.readLog(this.scan);
      start = { startAtOperationTime: justAfter(this.scan.at) };
      this.positionTime = this.scan.at;
      this.scan = undefined;
    }
    const stream = this.log.watch<LogEntry, Insert>(ONLY_INSERTS, {
      ...start,
      maxAwaitTimeMS: IDLE_WAIT_MS,
    });
    this.stream = stream;
    // The server's first answer opens the stream (a live consumer starts there) and gives it a resume token,
    // before any event arrives.
    stream.once('resumeTokenChanged', (token: ResumeToken) => {
      this.position ??= token;
      this.reporter.connected();
      this.markOpened();
    });
    // The next batch is read (decoded, or fetched by a getMore) while this one is handled: the database works on
    // the handler's writes meanwhile, so the two take turns less. Only handling moves the position, in order.
    const read = (): Promise<Insert[]> => {
      const batch = nextBatch(stream);
      batch.catch(() => undefined); // a failure closes the stream, which ends a read ahead too
      return batch;
    };
    let next = read();
    let writing: Writing | undefined;
    try {
      while (!this.stopped) {
        // Writes that end before the next batch arrives (a quiet log) move the position at once.
        if (writing && (await Promise.race([next.then(() => false), writing.done.then(() => true)]))) {
          const written = writing;
          writing = undefined;
          await this.settle(written);
          if (this.stopped) break;
        }
        const changes = await next;
        if (this.stopped) break;
        next = read();
        if (!this.spec.prepareBatch) {
          await this.handleChanges(changes);
          continue;
        }
        // This batch is prepared while the previous one's writes run; its own start once those are done.
        const started = Date.now();
        const write = await this.prepareChanges(changes);
        if (this.stopped) break;
        const previous = writing;
        writing = undefined;
        const previousDone = previous ? await this.settle(previous) : true;
        if (this.stopped) break;
        if (!write) await this.handleChanges(changes, { oneByOne: true });
        else if (!previousDone)
          await this.handleChanges(changes); // prepared before the retries: again
        else
          writing = {
            changes,
            started,
            done: write().then(
              () => undefined,
              (err: unknown) => err ?? 'failed',
            ),
          };
      }
    } finally {
      // stop() waits for the writes in hand, and their position.
      if (writing) await this.settle(writing);
      // stop() closes the stream it finds; one opened after it (a first start's reading of the log) ends here.
      if (this.stopped) await stream.close().catch(() => undefined);
    }
  }

  /** `prepareBatch` for these changes; undefined when it failed (reported), so they go one at a time. */
  private async prepareChanges(changes: Insert[]): Promise<(() => Promise<void>) | undefined> {
    const prepare = this.spec.prepareBatch as NonNullable<typeof this.spec.prepareBatch>;
    try {
      return await prepare(changes.map((change) => change.fullDocument));
    } catch (err) {
      if (isDatabaseUnreachable(err)) throw err;
      this.reporter.batchFailed(changes.length, err);
      return undefined;
    }
  }

  /**
   * Waits for a prepared batch's writes. Done: the position moves past the batch (true). Failed: the batch goes to
   * `handle` one event at a time (false); the database being unreachable is thrown, the outage.
   */
  private async settle(writing: Writing): Promise<boolean> {
    const failure = await writing.done;
    if (failure === undefined) {
      const { changes } = writing;
      this.batchHandled(
        changes.map((change) => change.fullDocument),
        (last, count) => this.advancePast(changes, last, count),
        writing.started,
      );
      return true;
    }
    if (isDatabaseUnreachable(failure)) throw failure;
    this.reporter.batchFailed(writing.changes.length, failure);
    await this.handleChanges(writing.changes, { oneByOne: true });
    return false;
  }

  /** Reads the log in id order after `scan.after` (all of it on a first start), a driver batch at a time. */
  private async readLog(scan: LogScan): Promise<void> {
    const cursor = this.log.find(scan.after ? { _id: { $gt: scan.after } } : {}).sort({ _id: 1 });
    try {
      for (let event = await cursor.next(); event && !this.stopped; event = await cursor.next()) {
        const held = Math.min(cursor.bufferedCount(), BATCH_MAX - 1);
        const events = [event, ...cursor.readBufferedDocuments(held)];
        await this.handleEvents(events, (last) => {
          scan.after = events[last]._id;
        });
      }
    } finally {
      await cursor.close().catch(() => undefined);
    }
  }

  private async handleChanges(changes: Insert[], options: { oneByOne?: boolean } = {}): Promise<void> {
    await this.handleEvents(
      changes.map((change) => change.fullDocument),
      (last, count) => this.advancePast(changes, last, count),
      options,
    );
  }

  /** `changes[last]` and the `count` changes up to it are handled: the position moves past them. */
  private advancePast(changes: Insert[], last: number, count: number): void {
    this.position = changes[last]._id;
    this.positionTime = changes[last].clusterTime ?? this.positionTime;
    this.scheduleSave(count);
    for (const check of [...this.progressListeners]) check();
  }

  /** The spec's batch handler, if it has one: `handleBatch`, or `prepareBatch` and its writes at once. */
  private get batchHandler(): ((events: LogEntry[]) => Promise<void>) | undefined {
    const { prepareBatch, handleBatch } = this.spec;
    if (prepareBatch) return async (events) => (await prepareBatch(events))();
    return handleBatch?.bind(this.spec);
  }

  /**
   * Hands `events` to the spec's batch handler when it has one (and there is more than one), else, or when the
   * batch fails, to `handle` one at a time. `advance(last, count)`: `events[last]` and the `count` events up to
   * it are handled (the position moves past them).
   */
  private async handleEvents(
    events: LogEntry[],
    advance: (last: number, count: number) => void,
    { oneByOne = false } = {},
  ): Promise<void> {
    const handleBatch = this.batchHandler;
    if (events.length > 1 && handleBatch && !oneByOne) {
      try {
        const started = Date.now();
        await handleBatch(events);
        this.batchHandled(events, advance, started);
        return;
      } catch (err) {
        // The outage is the database's; anything else is found, logged and retried event by event below.
        if (isDatabaseUnreachable(err)) throw err;
        this.reporter.batchFailed(events.length, err);
      }
    }
    for (const [index, event] of events.entries()) {
      if (this.stopped) return;
      await this.handleEvent(event);
      advance(index, 1);
    }
  }

  /** A whole batch is handled (since `started`): reported, and the position moves past its last event. */
  private batchHandled(
    events: LogEntry[],
    advance: (last: number, count: number) => void,
    started: number,
  ): void {
    if (this.tracer) traceBatch(this.tracer, this.traceNames, events, started);
    for (const event of events) this.reporter.handled(event);
    this.lastId = events[events.length - 1]._id;
    advance(events.length - 1, events.length);
  }

  /** The consumer and its log, as its spans name them. */
  private get traceNames(): { name: string; log: string } {
    return { name: this.spec.name, log: this.spec.log.name };
  }

  private async handleEvent(event: LogEntry): Promise<void> {
    try {
      // One event at a time: its handler runs in the trace that recorded it (what it logs carries the trace id).
      await handleInTrace(this.tracer, this.traceNames, event, () => this.spec.handle(event));
    } catch (err) {
      // A handler's write failing because the database is gone is the outage, not the event.
      if (isDatabaseUnreachable(err)) throw err;
      const failure = new EventHandlerError(event, err);
      for (const listener of this.failureListeners) listener(failure);
      throw failure;
    }
    this.reporter.handled(event);
    this.lastId = event._id;
  }

  private report(err: unknown): void {
    if (isDatabaseUnreachable(err)) this.reporter.databaseUnreachable(err);
    else if (err instanceof EventHandlerError) this.reporter.handleFailed(err.event, err.cause);
    else this.reporter.unexpected(err);
  }

  private scheduleSave(count: number): void {
    if (!this.stored) return;
    this.unsaved += count;
    if (this.unsaved >= SAVE_EVERY) {
      clearTimeout(this.saveTimer);
      this.saveTimer = undefined;
      void this.save().catch((err: unknown) => this.report(err));
      return;
    }
    this.saveTimer ??= setTimeout(() => {
      this.saveTimer = undefined;
      void this.save().catch((err: unknown) => this.report(err));
    }, SAVE_DELAY_MS);
  }

  /** Stores the position once it moved (retried with the next event when the database is unreachable). */
  private async save(): Promise<void> {
    const { position, positionTime } = this;
    if (!this.stored || !position || !positionTime || position === this.saved) return;
    this.unsaved = 0;
    await this.cursors.save({ token: position, at: positionTime, lastId: this.lastId });
    this.saved = position;
  }

  /**
   * The newest event recorded after this consumer's position, if any: read by a short stream of its own, which
   * ends as soon as the server has nothing more to give. Commit order is time order, so when the position is older
   * than the last `PROBE_WINDOW_SECONDS`, an event committed within them is the newest; else (or when that window
   * is empty or gone from the oplog) the stream starts at the consumer's position.
   */
  private async lastPending(): Promise<Pending | undefined> {
    const now = await currentClusterTime(this.db);
    const recent = new Timestamp({ t: Math.max(now.t - PROBE_WINDOW_SECONDS, 0), i: 0 });
    if (this.positionTime?.lessThan(recent)) {
      const newest = await this.probe({ startAtOperationTime: recent }).catch((err: unknown) => {
        if (isDatabaseUnreachable(err)) throw err;
        return undefined;
      });
      if (newest) return newest;
    }
    return this.probe(this.position ? { resumeAfter: this.position } : {});
  }

  private async probe(start: {
    resumeAfter?: ResumeToken;
    startAtOperationTime?: Timestamp;
  }): Promise<Pending | undefined> {
    const probe = this.log.watch<LogEntry, Insert>(ONLY_INSERTS, { ...start, maxAwaitTimeMS: 1 });
    try {
      let last: Pending | undefined;
      for (let change = await probe.tryNext(); change; change = await probe.tryNext()) {
        last = { id: change.fullDocument._id.toHexString(), time: change.clusterTime };
      }
      return last;
    } finally {
      await probe.close().catch(() => undefined);
    }
  }

  /** Whether the position is at or past an event (events of one transaction share a time: the id tells). */
  private hasReached(target: Pending): boolean {
    if (this.lastId?.toHexString() === target.id) return true;
    return !!target.time && !!this.positionTime && this.positionTime.greaterThan(target.time);
  }

  /** Resolves once the position reaches the event. */
  private reach(target: Pending): Promise<void> {
    return new Promise<void>((resolve) => {
      const check = (): void => {
        if (!this.hasReached(target)) return;
        this.progressListeners.delete(check);
        resolve();
      };
      this.progressListeners.add(check);
      check();
    });
  }

  /** Waits `ms`, or less if the consumer is stopped meanwhile (not at all if it already is: nothing would wake it). */
  private pause(ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const sleep = wakeableSleep(ms);
    this.retrySleeps.add(sleep);
    return sleep.done.finally(() => this.retrySleeps.delete(sleep));
  }
}

/** The change waited for, and whatever the driver already holds after it (no further round trip). */
async function nextBatch(stream: ChangeStream<LogEntry, Insert>): Promise<Insert[]> {
  const changes = [await stream.next()];
  while (changes.length < BATCH_MAX && stream.bufferedCount() > 0) {
    const change = await stream.tryNext();
    if (!change) break;
    changes.push(change);
  }
  return changes;
}

/** Starts reading `spec.log` at once (docs/events.md "Consumers"); `startService` does this for a service. */
export function startEventConsumer<E extends object>(
  deps: {
    db: Db;
    logger: Logger;
    metrics?: ProcessMetrics;
    tracing?: { tracer: Tracer };
    /** Between attempts after a failure: 1 s unless given (a test gives a long one to see a stop end the pauses). */
    retryMs?: number;
  },
  spec: EventConsumerSpec<E>,
): EventConsumer {
  return new StreamConsumer(
    deps.db,
    deps.logger,
    spec as unknown as EventConsumerSpec<LogEntry>,
    deps.metrics,
    deps.tracing?.tracer,
    deps.retryMs,
  );
}
