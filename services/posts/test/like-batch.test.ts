import { countCommands } from '@devcircle/service-test-kit';
import type { PostView } from '../src';
import {
  addComment,
  call,
  createPost,
  newUser,
  oid,
  startPosts,
  type PostsHarness,
  type User,
} from './harness';

/**
 * What a batch of like toggles costs the database (likes/batch.ts, likes/batch-read.ts): one set of commands for 1
 * toggle or many, and an answer made from its transaction's reads (nothing is read after the commit).
 */
let h: PostsHarness;
beforeAll(async () => {
  h = await startPosts({ monitorCommands: true });
});
afterAll(() => h.stop());

const like = (postId: string, member: User) =>
  call<PostView>(h.service, 'PUT', `/api/posts/${postId}/like`, undefined, member.headers);

async function commandsOf(toggles: () => Promise<{ status: number }[]>): Promise<string[]> {
  const { result, names } = await countCommands([h.service.deps.database.client], toggles);
  expect(result.map((reply) => reply.status)).toEqual(result.map(() => 200));
  return names.sort();
}

test("a toggle's answer is its post's card: latest comments with their names, the count and the caller's save", async () => {
  const author = newUser('carda');
  const fan = newUser('cardfan');
  const commenter = newUser('cardcommenter');
  const post = await createPost(h.service, author);
  await addComment(h.service, commenter, post._id, 'The batch reads this with the post.');
  const saved = await call(h.service, 'PUT', `/api/posts/${post._id}/bookmark`, undefined, fan.headers);
  expect(saved.status).toBe(200);

  const on = await like(post._id, fan);
  expect(on.status).toBe(200);
  expect(on.body).toMatchObject({
    _id: post._id,
    author: { username: 'carda' },
    likes: 1,
    likedByMe: true,
    bookmarkedByMe: true,
    commentsCount: 1,
    hasMoreComments: false,
    comments: [{ text: 'The batch reads this with the post.', user: { username: 'cardcommenter' } }],
  });
  // The answer is what a read shows afterwards, to the same member.
  const read = await call<PostView>(h.service, 'GET', `/api/posts/${post._id}`, undefined, fan.headers);
  expect(on.body).toEqual(read.body);
});

test('15 toggles at once send, per batch, the commands a lone toggle sends (no command per toggle)', async () => {
  const author = newUser();
  const post = await createPost(h.service, author);
  const members = Array.from({ length: 16 }, () => newUser());
  // Every member's author record exists first, as in both runs below (a first toggle upserts it in the batch).
  await Promise.all(members.map((member) => like(post._id, member)));
  await Promise.all(members.map((member) => like(post._id, member)));

  const lone = await commandsOf(async () => [await like(post._id, members[0])]);
  // The posts with their likes, bookmarks, blocks, comments and names in one aggregate; the likes, counts,
  // records and events written; the commit.
  expect(lone).toEqual(['aggregate', 'insert', 'update', 'update', 'insert', 'commitTransaction'].sort());
  const many = await commandsOf(() => Promise.all(members.slice(1).map((member) => like(post._id, member))));
  // Requests read from their sockets in different turns may make two or three batches: each sends the same set.
  const batches = many.filter((name) => name === 'commitTransaction').length;
  expect(batches).toBeLessThanOrEqual(3);
  expect(many).toEqual(lone.flatMap((name) => Array.from({ length: batches }, () => name)));
});

test('a batch of likes and unlikes writes the likes in one delete and one insert, however many', async () => {
  const author = newUser();
  const post = await createPost(h.service, author);
  const members = Array.from({ length: 16 }, () => newUser());
  await Promise.all(members.map((member) => like(post._id, member)));
  // Every other member's like is taken back: toggling all of them at once then unlikes 8 and likes 8.
  await Promise.all(members.filter((_, i) => i % 2 === 1).map((member) => like(post._id, member)));

  const names = await commandsOf(() => Promise.all(members.map((member) => like(post._id, member))));
  const batches = names.filter((name) => name === 'commitTransaction').length;
  const count = (name: string) => names.filter((one) => one === name).length;
  expect(batches).toBeLessThanOrEqual(3);
  expect(count('delete')).toBeGreaterThan(0);
  expect(count('delete')).toBeLessThanOrEqual(batches);
  // Per batch: the likes' insert and the events' insert.
  expect(count('insert')).toBeLessThanOrEqual(2 * batches);
  const liked = await h.db.collection('likes').countDocuments({ postId: oid(post._id) });
  expect(liked).toBe(8);
});
