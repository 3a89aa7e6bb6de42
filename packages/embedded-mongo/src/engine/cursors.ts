import { calculateObjectSize, Long } from 'bson';
import { MongoCommandError } from '../errors';
import type { Doc } from '../query/document';
import type { Projector } from '../query/projection';

const MAX_BATCH_BYTES = 16 * 1024 * 1024;
const DEFAULT_FIRST_BATCH = 101;

/** The open cursor `id` of namespace `ns`, with mongod's errors otherwise (plain and change-stream cursors). */
export function cursorFor<T extends { ns: string }>(open: Map<number, T>, id: number, ns: string): T {
  const cursor = open.get(id);
  if (!cursor) throw new MongoCommandError('CursorNotFound', `cursor id ${id} not found`);
  if (cursor.ns !== ns) {
    throw new MongoCommandError(
      'Unauthorized',
      `Requested getMore on namespace '${ns}', but cursor belongs to a different namespace ${cursor.ns}`,
    );
  }
  return cursor;
}

/** Closes the cursors idle for longer than `idleMs`, as mongod's cursorTimeoutMillis does. */
export function closeIdle(open: Map<number, { lastUsed: number }>, idleMs: number): void {
  const cutoff = Date.now() - idleMs;
  for (const [id, cursor] of open) if (cursor.lastUsed < cutoff) open.delete(id);
}

interface OpenCursor {
  ns: string;
  docs: Iterator<Doc>;
  project?: Projector;
  /** A document read ahead to learn whether the cursor is exhausted. */
  pending?: Doc;
  /** Re-reads the read-ahead document, which may have changed or gone before the next getMore. */
  refresh?: (doc: Doc) => Doc | undefined;
  lastUsed: number;
}

export interface Batch {
  docs: Doc[];
  /** 0 when the cursor is exhausted, as MongoDB reports it. */
  id: Long;
}

/** Open cursors by id; an idle cursor is closed after the timeout, as mongod's cursorTimeoutMillis does. */
export class CursorRegistry {
  private readonly open = new Map<number, OpenCursor>();
  private nextId = 1 + Math.floor(Math.random() * 1e6);
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly idleTimeoutMs: number) {
    this.timer = setInterval(() => this.sweep(), Math.min(60_000, Math.max(50, idleTimeoutMs / 2)));
    this.timer.unref();
  }

  /** An id no cursor has, for cursors kept elsewhere (change streams). */
  allocateId(): number {
    return this.nextId++;
  }

  get count(): number {
    return this.open.size;
  }

  private sweep(): void {
    closeIdle(this.open, this.idleTimeoutMs);
  }

  private take(cursor: OpenCursor, batchSize: number): { docs: Doc[]; exhausted: boolean } {
    const docs: Doc[] = [];
    let bytes = 0;
    const limit = batchSize > 0 ? batchSize : Infinity;
    while (docs.length < limit && bytes < MAX_BATCH_BYTES) {
      let doc = cursor.pending;
      cursor.pending = undefined;
      if (doc && cursor.refresh) doc = cursor.refresh(doc);
      if (!doc) {
        const next = cursor.docs.next();
        if (next.done) return { docs: this.projected(cursor, docs), exhausted: true };
        doc = next.value;
      }
      docs.push(doc);
      bytes += calculateObjectSize(doc);
    }
    const next = cursor.docs.next();
    if (next.done) return { docs: this.projected(cursor, docs), exhausted: true };
    cursor.pending = next.value;
    return { docs: this.projected(cursor, docs), exhausted: false };
  }

  private projected(cursor: OpenCursor, docs: Doc[]): Doc[] {
    return cursor.project ? cursor.project(docs) : docs;
  }

  /** The first batch of a new cursor; the cursor stays open only if more documents remain. */
  first(
    ns: string,
    docs: Iterator<Doc>,
    options: {
      batchSize?: number;
      singleBatch?: boolean;
      project?: Projector;
      refresh?: (doc: Doc) => Doc | undefined;
    },
  ): Batch {
    const cursor: OpenCursor = {
      ns,
      docs,
      project: options.project,
      refresh: options.refresh,
      lastUsed: Date.now(),
    };
    const batch = this.take(cursor, options.batchSize ?? DEFAULT_FIRST_BATCH);
    if (batch.exhausted || options.singleBatch) return { docs: batch.docs, id: Long.ZERO };
    const id = this.nextId++;
    this.open.set(id, cursor);
    return { docs: batch.docs, id: Long.fromNumber(id) };
  }

  more(id: number, ns: string, batchSize?: number): Batch {
    const cursor = cursorFor(this.open, id, ns);
    cursor.lastUsed = Date.now();
    const batch = this.take(cursor, batchSize ?? 0);
    if (batch.exhausted) {
      this.open.delete(id);
      return { docs: batch.docs, id: Long.ZERO };
    }
    return { docs: batch.docs, id: Long.fromNumber(id) };
  }

  kill(id: number): boolean {
    return this.open.delete(id);
  }

  close(): void {
    clearInterval(this.timer);
    this.open.clear();
  }
}
