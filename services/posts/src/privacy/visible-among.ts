import { distinctIds } from '@devcircle/service-kit';
import type { ObjectId } from 'mongodb';
import type { PostsContext } from '../context';
import type { FollowPair } from '../follows/follow';
import { FOLLOWS } from '../follows/indexes';
import type { Post } from '../posts/post';
import type { HiddenAuthor } from '../relations/hidden-author';
import { HIDDEN_AUTHORS } from '../relations/indexes';

/** One reader and one post, whose author they may or may not see. */
export interface ReaderOfPost {
  post: Pick<Post, 'authorId' | 'authorPrivate'>;
  viewer: ObjectId;
}

const pair = (reader: ObjectId, author: ObjectId) => `${reader.toHexString()} ${author.toHexString()}`;

/**
 * `canSee` (visibility.ts) for many readers and posts at once, as a batch of writes needs it: one read of the blocks
 * between the readers and the authors (either way: each side has its document, `hidden_authors`' pair index), and,
 * only when a private author's post is among them, one read of the follows (the pair index). Where each request
 * made its own reads (one per toggle, in turn), a batch of toggles makes one or two. The rule is `canSee`'s: the
 * author sees their own post; a block either way hides it; a private author's post needs a follow.
 */
export async function visibleAmong(app: PostsContext, readers: ReaderOfPost[]): Promise<boolean[]> {
  const others = readers.filter(({ post, viewer }) => !post.authorId.equals(viewer));
  if (others.length === 0) return readers.map(() => true);
  const viewers = distinctIds(others.map(({ viewer }) => viewer));
  const authors = distinctIds(others.map(({ post }) => post.authorId));
  const privateAuthors = distinctIds(
    others.filter(({ post }) => post.authorPrivate === true).map(({ post }) => post.authorId),
  );
  const db = app.deps.db;
  const [blocks, follows] = await Promise.all([
    db
      .collection<HiddenAuthor>(HIDDEN_AUTHORS)
      .find(
        {
          readerId: { $in: viewers },
          authorId: { $in: authors },
          reason: { $in: ['block', 'blocked-by'] },
          active: true,
        },
        { projection: { _id: 0, readerId: 1, authorId: 1 } },
      )
      .toArray(),
    privateAuthors.length === 0
      ? Promise.resolve([])
      : db
          .collection<FollowPair>(FOLLOWS)
          .find(
            { followerId: { $in: viewers }, followeeId: { $in: privateAuthors }, following: true },
            { projection: { _id: 0, followerId: 1, followeeId: 1 } },
          )
          .toArray(),
  ]);
  const blocked = new Set(blocks.map(({ readerId, authorId }) => pair(readerId, authorId)));
  const following = new Set(follows.map(({ followerId, followeeId }) => pair(followerId, followeeId)));
  return readers.map(({ post, viewer }) => {
    if (post.authorId.equals(viewer)) return true;
    const between = pair(viewer, post.authorId);
    return !blocked.has(between) && (post.authorPrivate !== true || following.has(between));
  });
}
