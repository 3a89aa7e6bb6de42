import { Long, Timestamp, type Document } from 'bson';
import { validatePipeline } from '../commands/pipeline';
import type { Catalog } from '../engine/catalog';
import type { JournalEntry } from '../engine/journal-entry';
import { closeIdle, cursorFor, type CursorRegistry } from '../engine/cursors';
import { MongoCommandError } from '../errors';
import { cloneDoc, isPlainObject, type Doc } from '../query/document';
import { compileFilter, type Matcher } from '../query/filter';
import { Aggregator, mingoOptions } from '../query/mingo';
import { fromTimestamp, type OpTime } from '../replication/clock';
import type { NamespaceFilter, Oplog, OplogEntry } from '../replication/oplog';
import type { Store } from '../storage/store';
import { eventsOf, invalidateEvent, type StreamScope } from './events';
import { compileInclusion, type Inclusion } from './inclusion';
import { decodeToken, encodeToken, type ResumePosition } from './resume-token';

/** The stages a change stream may add after `$changeStream`: they reshape or filter events one at a time. */
const STREAM_STAGES = new Set([
  '$match',
  '$project',
  '$addFields',
  '$set',
  '$unset',
  '$replaceRoot',
  '$replaceWith',
  '$redact',
]);

const FULL_DOCUMENT = new Set(['default', 'updateLookup', 'whenAvailable', 'required']);
const FULL_DOCUMENT_BEFORE = new Set(['off', 'whenAvailable', 'required']);
/** How long a getMore waits for a change when the client names no time (mongod's default for awaitData). */
const DEFAULT_AWAIT_MS = 1000;

interface StreamOptions {
  fullDocument: string;
  fullDocumentBeforeChange: string;
  showExpandedEvents: boolean;
}

interface StreamCursor {
  id: number;
  ns: string;
  scope: StreamScope;
  options: StreamOptions;
  /** The leading `$match` stages, compiled once (as an aggregate's leading `$match` is a query). */
  match?: Matcher;
  /** The stages after them, run per event; `aggregator` is made once, at the first event that needs it. */
  stages: Doc[];
  aggregator?: Aggregator;
  /** The same stages as plain functions, when each is a `$project` that only includes fields (inclusion.ts). */
  inclusions?: Inclusion[];
  /** The oplog position of the next entry to read, and how many of its operations were already passed. */
  position: number;
  skipOps: number;
  /** Events read but not yet returned (a batch filled up). */
  queued: Array<{ event: Doc; token: Doc }>;
  /** The token of the last event returned, or of the last place examined. */
  resumeToken: Doc;
  done: boolean;
  lastUsed: number;
}

function parseOptions(
  spec: Doc,
  db: string,
): {
  options: StreamOptions;
  start?: ResumePosition;
  startAfter: boolean;
  atTime?: OpTime;
  allChangesForCluster: boolean;
} {
  const fullDocument = spec.fullDocument ?? 'default';
  if (typeof fullDocument !== 'string' || !FULL_DOCUMENT.has(fullDocument)) {
    throw new MongoCommandError('BadValue', `unknown fullDocument mode: ${String(fullDocument)}`);
  }
  const before = spec.fullDocumentBeforeChange ?? 'off';
  if (typeof before !== 'string' || !FULL_DOCUMENT_BEFORE.has(before)) {
    throw new MongoCommandError('BadValue', `unknown fullDocumentBeforeChange mode: ${String(before)}`);
  }
  const given = ['resumeAfter', 'startAfter', 'startAtOperationTime'].filter((k) => spec[k] !== undefined);
  if (given.length > 1) {
    throw new MongoCommandError(
      'Location40674',
      `Only one type of resume option is allowed, but multiple were found: ${given.join(', ')}`,
    );
  }
  let start: ResumePosition | undefined;
  let atTime: OpTime | undefined;
  if (spec.resumeAfter !== undefined) {
    start = decodeToken(spec.resumeAfter, 'resumeAfter');
    if (start.kind === 'invalidate') {
      throw new MongoCommandError(
        'InvalidResumeToken',
        "Attempting to resume a change stream using 'resumeAfter' is not allowed from an invalidate notification.",
      );
    }
  }
  if (spec.startAfter !== undefined) start = decodeToken(spec.startAfter, 'startAfter');
  if (spec.startAtOperationTime !== undefined) {
    if (!(spec.startAtOperationTime instanceof Timestamp)) {
      throw new MongoCommandError('TypeMismatch', "BSON field 'startAtOperationTime' must be a timestamp");
    }
    atTime = fromTimestamp(spec.startAtOperationTime);
  }
  const allChangesForCluster = spec.allChangesForCluster === true;
  if (allChangesForCluster && db !== 'admin') {
    throw new MongoCommandError(
      'Location40572',
      "A $changeStream with 'allChangesForCluster:true' may only be opened on the 'admin' database",
    );
  }
  return {
    options: {
      fullDocument,
      fullDocumentBeforeChange: before,
      showExpandedEvents: spec.showExpandedEvents === true,
    },
    start,
    startAfter: spec.startAfter !== undefined,
    atTime,
    allChangesForCluster,
  };
}

function missingImage(kind: 'pre' | 'post', event: Doc): MongoCommandError {
  return new MongoCommandError(
    'NoMatchingDocument',
    `Change stream was configured to require a ${kind}-image for all update, delete and replace events, but the ${kind}-image was not found for event: ${JSON.stringify(event.documentKey)}`,
  );
}

function validateStages(stages: Doc[]): void {
  // Unknown stage names are refused as in any pipeline (40324), known ones that do not fit a stream below.
  validatePipeline(stages.filter((stage) => !('$changeStream' in stage)));
  for (const stage of stages) {
    const name = Object.keys(stage)[0];
    if (name === '$changeStream') {
      throw new MongoCommandError(
        'Location40602',
        '$changeStream is only valid as the first stage in a pipeline',
      );
    }
    if (!STREAM_STAGES.has(name)) {
      throw new MongoCommandError('IllegalOperation', `${name} is not permitted in a $changeStream pipeline`);
    }
  }
}

/** The stages as inclusions when every one is a plain inclusion `$project`; undefined otherwise. */
function inclusionsOf(stages: Doc[]): Inclusion[] | undefined {
  const compiled = stages.map(compileInclusion);
  return compiled.every((inclusion) => inclusion !== undefined) ? (compiled as Inclusion[]) : undefined;
}

/** Which namespaces' changes a stream may show (its events are then decided from the decoded change). */
function concerns(scope: StreamScope): NamespaceFilter {
  if (scope.kind === 'cluster') return () => true;
  if (scope.kind === 'database') return (db) => db === scope.db;
  return (db, coll) => db === scope.db && coll === scope.coll;
}

function scopeOf(db: string, aggregate: unknown, allChangesForCluster: boolean): StreamScope {
  if (typeof aggregate === 'string') return { kind: 'collection', db, coll: aggregate };
  if (allChangesForCluster) return { kind: 'cluster' };
  if (db === 'admin') {
    throw new MongoCommandError(
      'InvalidNamespace',
      "$changeStream on the admin database needs 'allChangesForCluster: true'",
    );
  }
  return { kind: 'database', db };
}

/**
 * Change streams read the oplog: an `aggregate` whose first stage is `$changeStream` opens a cursor at a position
 * in it, and each getMore turns the entries after that position into events. A getMore with nothing to return
 * waits for the oplog's next publish (a commit), up to its maxTimeMS; nothing polls.
 */
export class ChangeStreams {
  private readonly open = new Map<number, StreamCursor>();
  /** getMores waiting for a commit, by cursor: killCursors ends the wait. */
  private readonly waiting = new Map<number, AbortController>();
  private readonly oplog: Oplog;

  constructor(
    private readonly store: Store,
    private readonly cursors: CursorRegistry,
    private readonly idleTimeoutMs: number,
  ) {
    this.oplog = store.oplog;
  }

  get count(): number {
    return this.open.size;
  }

  has(id: number): boolean {
    return this.open.has(id);
  }

  /** Closes a stream; a getMore waiting on it answers at once (CursorKilled), as mongod's does. */
  kill(id: number): boolean {
    this.waiting.get(id)?.abort();
    return this.open.delete(id);
  }

  /** The time up to which everything visible has been seen: the newest visible change, or now when none is pending. */
  private highWaterMark(): OpTime {
    return this.oplog.end === this.oplog.pendingEnd
      ? this.store.clock.current()
      : (this.oplog.newestVisibleTime() ?? this.oplog.lostUpTo);
  }

  /** Opens a stream; `pipeline[0]` is the `$changeStream` stage. */
  openStream(db: string, aggregate: unknown, pipeline: Doc[], batchSize: number | undefined): Document {
    const spec = pipeline[0].$changeStream;
    if (!isPlainObject(spec)) {
      throw new MongoCommandError('Location50808', '$changeStream stage expects a document as argument');
    }
    const stages = pipeline.slice(1);
    validateStages(stages);
    const matches = stages.findIndex((stage) => !('$match' in stage));
    const leading = matches === -1 ? stages.length : matches;
    const filters = stages.slice(0, leading).map((stage) => stage.$match);
    const parsed = parseOptions(spec, db);
    const scope = scopeOf(db, aggregate, parsed.allChangesForCluster);
    const ns = scope.kind === 'collection' ? `${db}.${scope.coll}` : `${db}.$cmd.aggregate`;
    const cursor: StreamCursor = {
      id: this.cursors.allocateId(),
      ns,
      scope,
      options: parsed.options,
      match: leading > 0 ? compileFilter(filters.length === 1 ? filters[0] : { $and: filters }) : undefined,
      stages: stages.slice(leading),
      inclusions: inclusionsOf(stages.slice(leading)),
      position: this.oplog.end,
      skipOps: 0,
      queued: [],
      resumeToken: encodeToken({ kind: 'highWaterMark', ts: this.highWaterMark(), opIndex: 0 }),
      done: false,
      lastUsed: Date.now(),
    };
    if (parsed.start) this.resumeAt(cursor, parsed.start, parsed.startAfter);
    else if (parsed.atTime !== undefined) this.startAt(cursor, parsed.atTime);
    const firstBatch = batchSize === 0 ? [] : this.collect(cursor, batchSize);
    const exhausted = cursor.done && cursor.queued.length === 0;
    if (!exhausted) this.open.set(cursor.id, cursor);
    return {
      cursor: {
        firstBatch,
        postBatchResumeToken: cursor.resumeToken,
        id: exhausted ? Long.ZERO : Long.fromNumber(cursor.id),
        ns,
      },
      ok: 1,
    };
  }

  private checkHistory(time: OpTime): void {
    if (time < this.oplog.lostUpTo || (time === this.oplog.lostUpTo && time !== 0n)) {
      throw new MongoCommandError(
        'ChangeStreamHistoryLost',
        'Resume of change stream was not possible, as the resume point may no longer be in the oplog.',
      );
    }
  }

  private startAt(cursor: StreamCursor, time: OpTime): void {
    this.checkHistory(time);
    cursor.position = this.oplog.positionAfter(time - 1n);
  }

  private resumeAt(cursor: StreamCursor, token: ResumePosition, startAfter: boolean): void {
    if (token.kind === 'highWaterMark') {
      this.checkHistory(token.ts + 1n);
      cursor.position = this.oplog.positionAfter(token.ts);
      return;
    }
    this.checkHistory(token.ts);
    const position = this.oplog.positionAfter(token.ts - 1n);
    const [entry] = this.oplog.read(position, 1);
    if (!entry || entry.ts !== token.ts) {
      throw new MongoCommandError(
        'ChangeStreamFatalError',
        'cannot resume stream; the resume token was not found.',
      );
    }
    if (token.kind === 'invalidate' && startAfter) {
      cursor.position = position + 1;
      return;
    }
    cursor.position = position;
    cursor.skipOps = token.opIndex + 1;
  }

  /** Reads events until the batch is full or the visible oplog ends. */
  private collect(cursor: StreamCursor, batchSize: number | undefined): Doc[] {
    const limit = batchSize && batchSize > 0 ? batchSize : Infinity;
    const out: Doc[] = [];
    const take = (): void => {
      while (out.length < limit && cursor.queued.length > 0) {
        const next = cursor.queued.shift() as { event: Doc; token: Doc };
        out.push(next.event);
        cursor.resumeToken = next.token;
      }
    };
    take();
    while (out.length < limit && !cursor.done) {
      if (cursor.position < this.oplog.start) {
        throw new MongoCommandError(
          'ChangeStreamHistoryLost',
          'Resume of change stream was not possible, as the resume point may no longer be in the oplog.',
        );
      }
      // Changes to other namespaces are passed over from their bytes, undecoded.
      const next = this.oplog.nextConcerning(cursor.position, concerns(cursor.scope));
      if (next !== cursor.position) {
        cursor.position = next;
        cursor.skipOps = 0;
      }
      // One at a time: the next relevant change may be far along, and only relevant ones are decoded.
      const entries = this.oplog.read(cursor.position, 1);
      if (entries.length === 0) break;
      for (const entry of entries) {
        this.queueEntry(cursor, entry);
        cursor.position++;
        cursor.skipOps = 0;
        take();
        if (cursor.done || out.length >= limit) break;
      }
    }
    // Nothing more to return: the stream has examined everything up to now.
    if (cursor.queued.length === 0 && !cursor.done && cursor.position >= this.oplog.end) {
      const mark = encodeToken({ kind: 'highWaterMark', ts: this.highWaterMark(), opIndex: 0 });
      if (out.length === 0 || mark._data > (cursor.resumeToken._data as string)) cursor.resumeToken = mark;
    }
    return out;
  }

  private queueEntry(cursor: StreamCursor, entry: OplogEntry): void {
    for (const raw of eventsOf(entry, cursor.scope, cursor.options.showExpandedEvents)) {
      if (raw.opIndex < cursor.skipOps) continue;
      const event = this.withOptions(cursor, raw.event, raw.source);
      for (const shaped of this.runStages(cursor, event)) {
        cursor.queued.push({ event: shaped, token: raw.event._id as Doc });
      }
      if (raw.invalidates) {
        const invalidate = invalidateEvent(entry, raw.opIndex);
        cursor.queued.push({ event: invalidate, token: invalidate._id as Doc });
        cursor.done = true;
        return;
      }
    }
  }

  /**
   * fullDocument for updates: `updateLookup` reads the document now; `whenAvailable` and `required` use the
   * post-image, kept only for a collection with changeStreamPreAndPostImages. fullDocumentBeforeChange likewise
   * uses the pre-image.
   */
  private withOptions(cursor: StreamCursor, event: Doc, source: JournalEntry): Doc {
    const { fullDocument, fullDocumentBeforeChange } = cursor.options;
    const out = { ...event };
    const images = 'images' in source && source.images === true;
    if (event.operationType === 'update' && fullDocument !== 'default') {
      out.fullDocument =
        fullDocument === 'updateLookup'
          ? this.lookup(event.ns as Doc, event.documentKey as Doc)
          : images && source.op === 'replace'
            ? source.doc
            : null;
      if (fullDocument === 'required' && out.fullDocument === null) throw missingImage('post', event);
    }
    const changesDocument = ['update', 'replace', 'delete'].includes(event.operationType as string);
    if (fullDocumentBeforeChange !== 'off' && changesDocument) {
      out.fullDocumentBeforeChange = images && 'pre' in source && source.pre ? source.pre : null;
      if (fullDocumentBeforeChange === 'required' && out.fullDocumentBeforeChange === null)
        throw missingImage('pre', event);
    }
    return out;
  }

  /** The document as it is now (MongoDB's `updateLookup`), or null when it is gone. */
  private lookup(ns: Doc, key: Doc): Doc | null {
    const catalog: Catalog = this.store.catalog;
    return catalog.getCollection(ns.db as string, ns.coll as string)?.findById(key._id)?.doc ?? null;
  }

  private runStages(cursor: StreamCursor, event: Doc): Doc[] {
    if (cursor.match && !cursor.match(event)) return [];
    if (cursor.stages.length === 0) return [event];
    let out: Doc[];
    if (cursor.inclusions) {
      out = [cursor.inclusions.reduce((doc, include) => include(doc), event)];
    } else {
      try {
        cursor.aggregator ??= new Aggregator(cursor.stages, mingoOptions());
        out = cursor.aggregator.run([cloneDoc(event)]) as Doc[];
      } catch (err) {
        throw new MongoCommandError('BadValue', err instanceof Error ? err.message : String(err));
      }
    }
    for (const doc of out) {
      if (!isPlainObject(doc._id) || (doc._id as Doc)._data !== (event._id as Doc)._data) {
        throw new MongoCommandError(
          'ChangeStreamFatalError',
          'Encountered an event whose _id field, which contains the resume token, was modified by the pipeline. Modifying the _id field of an event makes it impossible to resume the stream from that point. Only transformations that retain the unmodified _id field are allowed. Expected: { _id: {...} } but found: { _id: ... }',
          { errorLabels: ['NonResumableChangeStreamError'] },
        );
      }
    }
    return out;
  }

  /** A getMore: events at once when there are some, else waits for a commit up to `maxTimeMS`. */
  async more(
    id: number,
    ns: string,
    batchSize: number | undefined,
    maxTimeMS: number | undefined,
  ): Promise<Document> {
    const cursor = cursorFor(this.open, id, ns);
    const deadline = Date.now() + (maxTimeMS && maxTimeMS > 0 ? maxTimeMS : DEFAULT_AWAIT_MS);
    let batch = this.collect(cursor, batchSize);
    const killed = new AbortController();
    this.waiting.set(id, killed);
    try {
      while (batch.length === 0 && !cursor.done && this.open.has(id)) {
        const left = deadline - Date.now();
        if (left <= 0) break;
        if (!(await this.oplog.waitForChanges(left, killed.signal, concerns(cursor.scope)))) break;
        batch = this.collect(cursor, batchSize);
      }
    } finally {
      this.waiting.delete(id);
    }
    if (killed.signal.aborted) throw new MongoCommandError('CursorKilled', `cursor id ${id} was killed`);
    // As mongod does when it shuts down: an error the drivers know to resume from elsewhere, not a dropped socket.
    if (this.oplog.closed) throw new MongoCommandError('InterruptedAtShutdown', 'interrupted at shutdown');
    cursor.lastUsed = Date.now();
    const exhausted = cursor.done && cursor.queued.length === 0;
    if (exhausted) this.open.delete(id);
    return {
      cursor: {
        nextBatch: batch,
        postBatchResumeToken: cursor.resumeToken,
        id: exhausted ? Long.ZERO : Long.fromNumber(id),
        ns,
      },
      ok: 1,
    };
  }

  /** Closes streams idle for longer than the cursor timeout. */
  sweep(): void {
    closeIdle(this.open, this.idleTimeoutMs);
  }
}
