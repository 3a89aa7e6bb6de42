import { ObjectId, type Db } from 'mongodb';
import type { Check } from '../../shared/runner';
import { benchUser, type BenchUser } from '../http';

/** What the runs write to, and what they did: the count checks compare the documents with both. */
export interface WritesSeed {
  members: BenchUser[];
  /** The posts the toggles hit, written by the first `AUTHORS` members. */
  posts: ObjectId[];
  /** Per `post user` pair: how many toggles answered 200 (a member likes a post iff that number is odd). */
  toggles: Map<string, number>;
  /** Per member: how many creates answered 201. */
  created: Map<string, number>;
}

/** The toggled posts' authors: few, so their `likesReceived` is as contended as the posts' counts. */
const AUTHORS = 4;

/** `members` members with their `authors` records, and `posts` posts by the first few of them, no likes yet. */
export async function seedWrites(db: Db, settings: { members: number; posts: number }): Promise<WritesSeed> {
  const members = Array.from({ length: settings.members }, (_, u) => benchUser(`writer${u}`));
  const now = new Date();
  await db.collection('authors').insertMany(
    members.map((m) => ({
      _id: new ObjectId(m.id),
      username: m.username,
      displayName: m.username,
      updatedAt: now,
    })),
  );
  const posts = Array.from({ length: settings.posts }, () => new ObjectId());
  await db.collection('posts').insertMany(
    posts.map((_id, i) => ({
      _id,
      authorId: new ObjectId(members[i % AUTHORS].id),
      content: `post ${i} for the writes benchmark`,
      createdAt: now,
      likesCount: 0,
      commentsCount: 0,
      authorPrivate: false,
    })),
  );
  return { members, posts, toggles: new Map(), created: new Map() };
}

/**
 * After the runs: every toggled post's `likesCount` equals its `likes` documents and what the toggles predict;
 * every member's `likesReceived` equals the likes on their posts and `postsCount` their posts.
 */
export async function checkCounts(side: string, db: Db, seed: WritesSeed): Promise<Check[]> {
  const mismatches: string[] = [];
  const likesByAuthor = new Map<string, number>();
  for (const postId of seed.posts) {
    const post = await db.collection('posts').findOne({ _id: postId });
    const documents = await db.collection('likes').countDocuments({ postId });
    let expected = 0;
    for (const member of seed.members)
      if ((seed.toggles.get(`${postId.toHexString()} ${member.id}`) ?? 0) % 2 === 1) expected++;
    if (post?.likesCount !== documents || documents !== expected)
      mismatches.push(
        `post ${postId.toHexString()}: likesCount ${post?.likesCount}, likes ${documents}, toggles say ${expected}`,
      );
    const author = String(post?.authorId);
    likesByAuthor.set(author, (likesByAuthor.get(author) ?? 0) + documents);
  }
  for (const member of seed.members) {
    const author = await db.collection('authors').findOne({ _id: new ObjectId(member.id) });
    const posts = await db.collection('posts').countDocuments({ authorId: new ObjectId(member.id) });
    const ownSeeded = seed.posts.filter((_, i) => i % AUTHORS === seed.members.indexOf(member)).length;
    const created = seed.created.get(member.id) ?? 0;
    const likes = likesByAuthor.get(member.id) ?? 0;
    if ((author?.likesReceived ?? 0) !== likes)
      mismatches.push(
        `author ${member.username}: likesReceived ${author?.likesReceived}, likes on their posts ${likes}`,
      );
    // The seeded posts were written without counting them; the created ones are counted.
    if ((author?.postsCount ?? 0) !== posts - ownSeeded || posts - ownSeeded !== created)
      mismatches.push(
        `author ${member.username}: postsCount ${author?.postsCount}, posts ${posts - ownSeeded}, creates ${created}`,
      );
  }
  for (const line of mismatches.slice(0, 10)) console.error(`${side} counts: ${line}`);
  return [
    {
      check: `${side}: likesCount = likes = toggles' outcome; likesReceived and postsCount = documents`,
      ok: mismatches.length === 0,
      detail:
        mismatches.length === 0
          ? `${seed.posts.length} posts and ${seed.members.length} members equal`
          : `${mismatches.length} differ, e.g. ${mismatches[0]}`,
    },
  ];
}
