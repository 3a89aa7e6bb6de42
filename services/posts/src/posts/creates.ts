import { extractTags } from '@devcircle/contracts';
import {
  currentTrace,
  formatTraceparent,
  inTransaction,
  isDuplicateKey,
  LOGS,
  type Caller,
} from '@devcircle/service-kit';
import { ObjectId, type AnyBulkWriteOperation, type ClientSession } from 'mongodb';
import type { Author } from '../authors/author';
import { AUTHORS } from '../authors/repository';
import type { PostsContext } from '../context';
import { postEventFields, type StoredPostEvent } from '../events/record';
import { OneBatchAtATime, perService } from '../one-batch-at-a-time';
import { visibleMentions } from '../tags/mentions';
import { tagsChanged } from '../tags/trending';
import { POSTS } from './indexes';
import type { Post } from './post';
import type { NewPost } from './repository';

/** What a member asked to publish (validated: trimmed, empty parts left out). */
export type PostInput = Pick<NewPost, 'content' | 'codeSnippet' | 'codeLanguage'>;

/** A create's outcome: the post as stored, and its author's record (for the names in the answer). */
export interface Created {
  post: Post;
  author: Author;
}

interface Request {
  caller: Caller;
  input: PostInput;
  /** The request's trace, which its `post.created` event carries to the consumers (docs/observability.md). */
  traceparent?: string;
  resolve(created: Created): void;
  reject(err: unknown): void;
}

/** The most creates one transaction carries; more wait for the next. */
export const CREATES_MAX = 256;

/** A batch that collides with another instance's first write of an author is run again this many times. */
const DUPLICATE_RETRIES = 3;

/**
 * Post creates of this process, committed in batches, as like toggles are (likes/batch.ts): while one transaction
 * is in flight the creates that arrive wait, and the next transaction carries all of them. One transaction reads
 * the authors' records (their privacy goes on each post), inserts every post, adds to each author's `postsCount`
 * (making the record of a first-time writer) and records the `post.created` events of the posts that mention
 * someone (the outbox: a post and its event commit together, or neither). Four commands for 1 create or 200,
 * where each create made three.
 *
 * Privacy stays exact without a read after the insert (what `settleNewPost` did for a lone create): the batch writes
 * every author record it read, so a privacy change committed after the transaction's snapshot conflicts with it and
 * the driver runs the batch again, reading the new value; a change committed after the batch reaches these posts
 * through the consumer that copies it to every post of the author (privacy/sync.ts).
 */
export class PostCreates {
  private readonly batches = new OneBatchAtATime<Request>((batch) => this.run(batch), CREATES_MAX);

  constructor(private readonly ctx: PostsContext) {}

  /** Publishes the post; resolves once the commit that contains it is durable. */
  create(caller: Caller, input: PostInput): Promise<Created> {
    const trace = currentTrace();
    return new Promise((resolve, reject) =>
      this.batches.add({
        caller,
        input,
        ...(trace ? { traceparent: formatTraceparent(trace) } : {}),
        resolve,
        reject,
      }),
    );
  }

  private async run(batch: Request[]): Promise<void> {
    let created: Created[] | undefined;
    for (let attempt = 0; !created; attempt++) {
      try {
        created = await inTransaction(this.ctx.deps.database.client, (session) => this.apply(batch, session));
      } catch (err) {
        // Another instance made the record of one of these authors after this snapshot: it is there now.
        if (isDuplicateKey(err) && attempt < DUPLICATE_RETRIES) continue;
        for (const request of batch) request.reject(err);
        return;
      }
    }
    if (created.some(({ post }) => post.tags)) tagsChanged(this.ctx);
    batch.forEach((request, i) => {
      // Before answering, so the author's next read on this instance has it (others hear of it by their stream).
      this.ctx.cache.feedChanged(created[i].post._id);
      request.resolve(created[i]);
    });
  }

  /**
   * One attempt of the batch's transaction (the driver may run it again after a conflict, so everything it makes
   * is made afresh here and handed out only through what it returns).
   */
  private async apply(batch: Request[], session: ClientSession): Promise<Created[]> {
    const db = this.ctx.deps.db;
    const ids = [...new Map(batch.map(({ caller }) => [caller.id.toHexString(), caller.id])).values()];
    const records = new Map<string, Author>();
    for (const author of await db
      .collection<Author>(AUTHORS)
      .find({ _id: { $in: ids } }, { session, batchSize: ids.length + 1 })
      .toArray())
      records.set(author._id.toHexString(), author);

    const created: Created[] = [];
    const events: StoredPostEvent[] = [];
    const added = new Map<string, { caller: Caller; count: number }>();
    for (const { caller, input, traceparent } of batch) {
      const hex = caller.id.toHexString();
      const author: Author = records.get(hex) ?? {
        _id: caller.id,
        username: caller.username,
        displayName: caller.username,
        updatedAt: new Date(),
      };
      const tags = extractTags(input.content);
      const post: Post = {
        _id: new ObjectId(),
        authorId: caller.id,
        content: input.content,
        ...(input.codeSnippet ? { codeSnippet: input.codeSnippet } : {}),
        ...(input.codeLanguage ? { codeLanguage: input.codeLanguage } : {}),
        createdAt: new Date(),
        likesCount: 0,
        commentsCount: 0,
        authorPrivate: author.isPrivate === true,
        ...(tags.length > 0 ? { tags } : {}),
      };
      created.push({ post, author });
      const counted = added.get(hex) ?? { caller, count: 0 };
      counted.count++;
      added.set(hex, counted);
      // Reads only for a private author's post that names someone (whether each name follows the author).
      const mentions = await visibleMentions(this.ctx, post, caller, input.content);
      if (mentions.length > 0)
        events.push({
          _id: new ObjectId(),
          type: 'post.created',
          ...postEventFields(caller, post),
          mentions,
          createdAt: new Date(),
          ...(traceparent ? { traceparent } : {}),
        });
    }

    await db.collection<Post>(POSTS).insertMany(
      created.map(({ post }) => post),
      { session },
    );
    const counts: AnyBulkWriteOperation<Author>[] = [...added].map(([hex, { caller, count }]) => ({
      updateOne: records.has(hex)
        ? { filter: { _id: caller.id }, update: { $inc: { postsCount: count } } }
        : {
            // A first-time writer's record, from the identity header, as `ensure` makes it (authors/repository.ts).
            filter: { _id: caller.id },
            update: {
              $setOnInsert: {
                username: caller.username,
                displayName: caller.username,
                updatedAt: new Date(),
              },
              $inc: { postsCount: count },
            },
            upsert: true,
          },
    }));
    await db.collection<Author>(AUTHORS).bulkWrite(counts, { session });
    if (events.length > 0)
      await db.collection<StoredPostEvent>(LOGS.posts.name).insertMany(events, { session });
    return created;
  }
}

/** This process's batcher for the service started with `ctx`. */
export const postCreates = perService((ctx) => new PostCreates(ctx));
