import type { Collection, Db, ObjectId } from 'mongodb';

export const EVENT_CURSORS = 'event_cursors';

/** One document of `event_cursors`, in the consuming service's database. */
export interface EventCursor {
  _id: string;
  lastId: ObjectId;
  updatedAt: Date;
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

  async load(): Promise<ObjectId | undefined> {
    const cursor = await this.cursors.findOne({ _id: this.id });
    return cursor?.lastId;
  }

  /** `$max`: an instance that is behind another never moves the shared position back. */
  async save(lastId: ObjectId): Promise<void> {
    await this.cursors.updateOne(
      { _id: this.id },
      { $max: { lastId }, $set: { updatedAt: new Date() } },
      { upsert: true },
    );
  }
}
