import { EMBEDDED_COMMENTS } from '@devcircle/contracts';
import type { ClientSession, Db, Document, ObjectId } from 'mongodb';
import type { Author } from '../authors/author';
import { AUTHORS } from '../authors/repository';
import { BOOKMARKS } from '../bookmarks/indexes';
import type { Comment } from '../comments/comment';
import { COMMENTS } from '../comments/indexes';
import { postCommentsQuery } from '../comments/repository';
import { POSTS } from '../posts/indexes';
import type { HiddenAuthor } from '../relations/hidden-author';
import { activeBlocksOf } from '../relations/blocks';
import { HIDDEN_AUTHORS } from '../relations/indexes';
import type { Post, PostCard } from '../posts/post';
import { toPostCard } from '../posts/views';
import { LIKES } from './indexes';
import type { Like } from './like';

/** What a batch of like toggles needs of one of its posts. */
export interface BatchPost {
  post: Post;
  /** The likes of the batch's callers on this post. */
  likes: Like[];
  /** Which of the batch's callers saved this post (hex ids). */
  savedBy: Set<string>;
  /** Which of the batch's callers a block either way stands between with the post's author (hex ids). */
  blockedFor: Set<string>;
  /** The post's card, its count as read (the answer sets it from the commit's outcome). */
  card: PostCard;
}

type Joined = Post & {
  _author: Author[];
  _likes: Like[];
  _saved: { userId: ObjectId }[];
  _blocks: Pick<HiddenAuthor, 'readerId'>[];
  _latest: (Comment & { _user: Author[] })[];
};

/**
 * The batch's posts with everything its toggles and their answers need, in one aggregate in the transaction (was
 * six commands: the posts, the pairs' likes, the pairs' bookmarks, the latest comments, the names, the blocks):
 * each `$lookup` joins on one equality, so the embedded database runs it as an index scan per post (the likes'
 * and bookmarks' on their (postId, userId) index, the comments' newest first on (postId, _id), the names by _id,
 * the blocks on `hidden_authors`' (readerId, authorId, reason) index: one point per caller and reason).
 */
export async function readBatchPosts(
  db: Db,
  postIds: ObjectId[],
  userIds: ObjectId[],
  session: ClientSession,
): Promise<Map<string, BatchPost>> {
  const byUsers = { $match: { userId: { $in: userIds } } };
  const pipeline: Document[] = [
    { $match: { _id: { $in: postIds } } },
    { $lookup: { from: AUTHORS, localField: 'authorId', foreignField: '_id', as: '_author' } },
    {
      $lookup: { from: LIKES, localField: '_id', foreignField: 'postId', pipeline: [byUsers], as: '_likes' },
    },
    {
      $lookup: {
        from: BOOKMARKS,
        localField: '_id',
        foreignField: 'postId',
        pipeline: [byUsers, { $project: { _id: 0, userId: 1 } }],
        as: '_saved',
      },
    },
    {
      // The callers a block either way hides the author from (each side of a block has its document).
      $lookup: {
        from: HIDDEN_AUTHORS,
        localField: 'authorId',
        foreignField: 'authorId',
        pipeline: [{ $match: activeBlocksOf(userIds) }, { $project: { _id: 0, readerId: 1 } }],
        as: '_blocks',
      },
    },
    {
      $lookup: {
        from: COMMENTS,
        localField: '_id',
        foreignField: 'postId',
        pipeline: [
          { $sort: postCommentsQuery(postIds[0]).sort },
          { $limit: EMBEDDED_COMMENTS + 1 },
          { $lookup: { from: AUTHORS, localField: 'userId', foreignField: '_id', as: '_user' } },
        ],
        as: '_latest',
      },
    },
  ];
  const found = await db
    .collection<Post>(POSTS)
    // One batch: a post per document, so no getMore however many posts.
    .aggregate<Joined>(pipeline, { session, batchSize: postIds.length + 1 })
    .toArray();
  const read = new Map<string, BatchPost>();
  for (const { _author, _likes, _saved, _blocks, _latest, ...post } of found) {
    const names = new Map<string, Author>();
    for (const author of _author) names.set(author._id.toHexString(), author);
    const latest: Comment[] = [];
    for (const { _user, ...comment } of _latest) {
      for (const user of _user) names.set(user._id.toHexString(), user);
      latest.push(comment);
    }
    read.set(post._id.toHexString(), {
      post,
      likes: _likes,
      savedBy: new Set(_saved.map(({ userId }) => userId.toHexString())),
      blockedFor: new Set(_blocks.map(({ readerId }) => readerId.toHexString())),
      card: toPostCard(post, latest, names),
    });
  }
  return read;
}
