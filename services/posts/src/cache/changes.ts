import {
  IDLE_WAIT_MS,
  wakeableSleep,
  type Attachment,
  type Logger,
  type WakeableSleep,
} from '@devcircle/service-kit';
import type { ChangeStream, ChangeStreamDocument, Db, Document } from 'mongodb';
import { AUTHORS } from '../authors/repository';
import { BOOKMARKS } from '../bookmarks/indexes';
import { COMMENTS } from '../comments/indexes';
import { FOLLOWS } from '../follows/indexes';
import { LIKES } from '../likes/indexes';
import { POSTS } from '../posts/indexes';
import { HIDDEN_AUTHORS } from '../relations/indexes';
import type { PostsCache } from './posts-cache';

/** After the stream failed, the next try; meanwhile reads go to the database. */
const REOPEN_AFTER_MS = 1000;

/** Author fields a card shows; a change of only the others (stats, privacy) leaves every card as it is. */
const SHOWN_AUTHOR_FIELDS = ['username', 'displayName'];

/** The collections of each reader's own state (docs/caching.md "Per reader"). */
const VIEWER_FIELDS = [LIKES, BOOKMARKS];
const RELATIONS = [HIDDEN_AUTHORS, FOLLOWS];

/**
 * The changes that can make a cached window, card or reader's state old: the three collections cards are made of,
 * the likes and bookmarks (`likedByMe`, `bookmarkedByMe`), blocks, mutes and follows, and a dropped database. Only
 * the fields deciding what to drop are sent: a new like's or comment's post, a new relation's reader.
 */
const PIPELINE: Document[] = [
  {
    $match: {
      $or: [
        { 'ns.coll': { $in: [POSTS, COMMENTS, AUTHORS, ...VIEWER_FIELDS, ...RELATIONS] } },
        { operationType: 'dropDatabase' },
      ],
    },
  },
  {
    $project: {
      operationType: 1,
      ns: 1,
      documentKey: 1,
      'fullDocument.postId': 1,
      'fullDocument.readerId': 1,
      'fullDocument.followerId': 1,
      'updateDescription.updatedFields': 1,
    },
  },
];

type Change = ChangeStreamDocument<Document>;

const idOf = (change: Change): string | undefined => {
  const key = 'documentKey' in change ? (change.documentKey as { _id?: unknown })._id : undefined;
  return key ? String(key) : undefined;
};

const updatedFields = (change: Change): string[] | undefined => {
  if (change.operationType !== 'update') return undefined;
  const fields = change.updateDescription?.updatedFields;
  return fields ? Object.keys(fields) : undefined;
};

/** What one change drops from the cache (docs/caching.md "Invalidation"). */
export function applyChange(cache: PostsCache, change: Change): void {
  const coll = 'ns' in change ? (change.ns as { coll?: string }).coll : undefined;
  const id = idOf(change);
  if (coll === POSTS && id) {
    const fields = updatedFields(change);
    // A count changed (a like, a comment): that card. Anything else (a new or deleted post, its privacy): the
    // window too.
    if (fields && !fields.includes('authorPrivate')) cache.postChanged(id);
    else cache.feedChanged(id);
    // Which followees are private: every reader's.
    if (fields?.includes('authorPrivate')) cache.readers.privacyChanged();
    return;
  }
  if (coll && VIEWER_FIELDS.includes(coll)) {
    // A like or bookmark is inserted and deleted, never updated; a deletion names only the document.
    const postId = change.operationType === 'insert' ? change.fullDocument?.postId : undefined;
    if (postId) cache.readers.fields.postChanged(String(postId));
    else if (id) cache.readers.fields.documentDeleted(id);
    else cache.clear();
    return;
  }
  if (coll && RELATIONS.includes(coll)) {
    const reader =
      change.operationType === 'insert'
        ? (change.fullDocument?.readerId ?? change.fullDocument?.followerId)
        : undefined;
    if (reader) cache.readers.readerChanged(String(reader));
    else if (id) cache.readers.relationDocumentChanged(id);
    else cache.clear();
    return;
  }
  if (coll === COMMENTS) {
    const postId = change.operationType === 'insert' ? change.fullDocument?.postId : undefined;
    // An edit or a deletion names only the comment: which post it was on is not in the change (its post's count
    // changes with a deletion anyway). Edits are rare; every card goes.
    if (postId) cache.postChanged(String(postId));
    else cache.cardsChanged();
    return;
  }
  if (coll === AUTHORS) {
    const fields = updatedFields(change);
    if (fields && !fields.some((field) => SHOWN_AUTHOR_FIELDS.includes(field))) return;
    cache.cardsChanged();
    return;
  }
  cache.clear();
}

/**
 * Follows the database's changes for as long as the service runs (the definition's `attach`), dropping from this
 * instance's cache what another instance's (or this one's) writes changed, within milliseconds of their commit.
 * The cache is live only while the stream is open: until the server first answers, and from a failure until a
 * new stream is open, every read goes to the database and nothing is kept, since a change could be missed.
 */
export function followChanges(db: Db, cache: PostsCache, logger: Logger): Attachment {
  let closed = false;
  let stream: ChangeStream | undefined;
  let reopenWait: WakeableSleep | undefined;

  const run = async (): Promise<void> => {
    let failures = 0;
    while (!closed) {
      const current = db.watch(PIPELINE, { maxAwaitTimeMS: IDLE_WAIT_MS });
      stream = current;
      // The server's first answer opens the stream: from then on no change is missed.
      current.once('resumeTokenChanged', () => {
        cache.live = true;
        if (failures > 0) logger.info('feed cache: change stream open again');
        failures = 0;
      });
      try {
        for await (const change of current) applyChange(cache, change as Change);
      } catch (err) {
        if (!closed && failures++ === 0) {
          logger.warn(
            { err: (err as Error).message },
            'feed cache: change stream failed; reads go to the database',
          );
        }
      }
      cache.live = false;
      await current.close().catch(() => undefined);
      if (!closed) {
        // Unref'd: the wait matters only beside the service's server, never on its own.
        reopenWait = wakeableSleep(REOPEN_AFTER_MS, { unref: true });
        await reopenWait.done;
      }
    }
  };

  if (!cache.enabled) return { close: () => Promise.resolve() };
  const running = run();
  return {
    close: async () => {
      closed = true;
      reopenWait?.wake();
      await stream?.close().catch(() => undefined);
      await running;
    },
  };
}
