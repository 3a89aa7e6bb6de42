import { ObjectId, type Collection, type Db } from 'mongodb';
import { POST_EVENTS } from './indexes';
import type { PostEvent, PostEventType } from './post-event';

export interface EventInput {
  type: PostEventType;
  actor: { _id: ObjectId; username: string };
  postId: ObjectId;
  postAuthorId: ObjectId;
  commentId?: ObjectId;
}

/** Appends to `post_events`, right after the write an event describes (no transactions to tie them). */
export class EventLog {
  private readonly events: Collection<PostEvent>;

  constructor(db: Db) {
    this.events = db.collection<PostEvent>(POST_EVENTS);
  }

  async record(input: EventInput): Promise<PostEvent> {
    const event: PostEvent = {
      _id: new ObjectId(),
      type: input.type,
      actor: input.actor,
      postId: input.postId,
      postAuthorId: input.postAuthorId,
      ...(input.commentId ? { commentId: input.commentId } : {}),
      createdAt: new Date(),
    };
    await this.events.insertOne(event);
    return event;
  }
}
