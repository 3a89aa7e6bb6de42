import type { Collection, Db, ObjectId, ResumeToken, Timestamp } from 'mongodb';
import { isDuplicateKey } from '../database';

export const EVENT_CURSORS = 'event_cursors';

/** One document of `event_cursors`, in the consuming service's database. */
export interface EventCursor {
  _id: string;
  /** The change stream's resume token just after the last event handled. */
  token?: ResumeToken;
  /** The cluster time of that position: positions only move forward, also when instances race. */
  at?: Timestamp;
  /** The last event handled, where reading the log itself resumes when the oplog no longer holds `token`. */
  lastId?: ObjectId;
  updatedAt: Date;
}

export interface StoredPosition {
  token: ResumeToken;
  at: Timestamp;
  lastId?: ObjectId;
}

/** Where one consumer (`<name>:<log>`) stands. Shared by every instance of the consumer's service. */
export class CursorStore {
  private readonly cursors: Collection<EventCursor>;

  constructor(
    db: Db,
    private readonly id: string,
  ) {
    this.cursors = db.collection<EventCursor>(EVENT_CURSORS);
  }

  /** The stored position; `token` and `at` are missing for a cursor written before change streams. */
  async load(): Promise<Partial<StoredPosition> | undefined> {
    const cursor = await this.cursors.findOne({ _id: this.id });
    return cursor ?? undefined;
  }

  /**
   * Moves the position forward. An instance behind another finds the document newer than its own position: its
   * filter matches nothing, the upsert then collides with the existing `_id`, and the newer position stays.
   */
  async save(position: StoredPosition): Promise<void> {
    try {
      await this.cursors.updateOne(
        { _id: this.id, $or: [{ at: { $lte: position.at } }, { at: { $exists: false } }] },
        { $set: { ...position, updatedAt: new Date() } },
        { upsert: true },
      );
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }
}
