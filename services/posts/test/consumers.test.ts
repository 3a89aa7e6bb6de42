import { LOGS, recordEvent } from '@devcircle/service-kit';
import { rawLog } from '@devcircle/service-test-kit';
import { ObjectId } from 'mongodb';
import type { PostView } from '../src';
import {
  addComment,
  call,
  createPost,
  drainConsumers,
  newUser,
  oid,
  startPosts,
  statsOf,
  type PostsHarness,
} from './harness';

let h: PostsHarness;
beforeAll(async () => {
  h = await startPosts();
});
afterAll(() => h.stop());

const like = (postId: string, headers: Record<string, string>) =>
  call<PostView>(h.service, 'PUT', `/api/posts/${postId}/like`, undefined, headers);
const view = (postId: string) =>
  call<PostView>(h.service, 'GET', `/api/posts/${postId}`, undefined, newUser().headers);

test('the service runs its consumers', () => {
  expect(h.service.consumers.map((consumer) => consumer.name)).toEqual([
    'posts.authors',
    'posts.follows',
    'posts.account-deletion',
    'posts.relations',
    'posts.moderation',
  ]);
});

test('profile.updated renames the author of posts and comments; an older event handled later changes nothing', async () => {
  const ada = newUser('ada');
  const post = await createPost(h.service, ada, 'before the rename');
  await addComment(h.service, ada, post._id, 'my own comment');
  await like(post._id, ada.headers);

  const renamed = { userId: oid(ada.id), username: 'ada_l', displayName: 'Ada Lovelace' };
  await recordEvent(h.db, rawLog(LOGS.profiles), { type: 'profile.updated', ...renamed });
  await drainConsumers(h.service);

  const expected = { _id: ada.id, username: 'ada_l', displayName: 'Ada Lovelace' };
  const after = await view(post._id);
  expect(after.body.author).toEqual(expected);
  expect(after.body.comments[0].user).toEqual(expected);
  // The rename keeps the stats on the same record.
  expect(await statsOf(h.service, ada.id)).toEqual({ posts: 1, likes: 1 });

  // An event made before the one applied (as a late commit or redelivery would hand it over) is ignored.
  await h.db.collection('profile_events').insertOne({
    _id: new ObjectId(ObjectId.generate(Math.floor(Date.now() / 1000) - 5)),
    type: 'profile.updated',
    userId: oid(ada.id),
    username: 'ada_old',
    displayName: 'Old Ada',
    createdAt: new Date(),
  });
  await drainConsumers(h.service);
  expect((await view(post._id)).body.author).toEqual(expected);
});

test('profile.updated for a user the service has not met yet creates the name record', async () => {
  const userId = new ObjectId();
  await recordEvent(h.db, rawLog(LOGS.profiles), {
    type: 'profile.updated',
    userId,
    username: 'newcomer',
    displayName: '',
  });
  await drainConsumers(h.service);
  expect(await h.db.collection('authors').findOne({ _id: userId })).toMatchObject({
    username: 'newcomer',
    displayName: 'newcomer',
  });
});

test('account.deleted cascades like DELETE /internal/users/:userId, counts and stats corrected', async () => {
  const doomed = newUser('doomed2');
  const friend = newUser('friend2');
  const own = await createPost(h.service, doomed, 'doomed post');
  const friends = await createPost(h.service, friend, 'friend post');
  await like(own._id, friend.headers);
  await addComment(h.service, friend, own._id, 'on doomed post');
  await like(friends._id, doomed.headers);
  await like(friends._id, friend.headers);
  await addComment(h.service, doomed, friends._id, 'doomed says hi');
  expect(await statsOf(h.service, friend.id)).toEqual({ posts: 1, likes: 2 });

  // Recorded twice (a redelivery): the second run finds nothing left to remove.
  await recordEvent(h.db, LOGS.users, { type: 'account.deleted', userId: oid(doomed.id) });
  await recordEvent(h.db, LOGS.users, { type: 'account.deleted', userId: oid(doomed.id) });
  // Other types in the log are not this consumer's business.
  await recordEvent(h.db, rawLog(LOGS.users), { type: 'something.else', userId: oid(friend.id) });
  await drainConsumers(h.service);

  const byDoomed = { $or: [{ userId: oid(doomed.id) }, { postId: oid(own._id) }] };
  expect(await h.db.collection('posts').countDocuments({ authorId: oid(doomed.id) })).toBe(0);
  expect(await h.db.collection('likes').countDocuments(byDoomed)).toBe(0);
  expect(await h.db.collection('comments').countDocuments(byDoomed)).toBe(0);
  expect(await h.db.collection('authors').countDocuments({ _id: oid(doomed.id) })).toBe(0);
  expect(await h.db.collection('posts').findOne({ _id: oid(friends._id) })).toMatchObject({
    likesCount: 1,
    commentsCount: 0,
  });
  expect(await statsOf(h.service, friend.id)).toEqual({ posts: 1, likes: 1 });
  expect(await statsOf(h.service, doomed.id)).toEqual({ posts: 0, likes: 0 });
});

test('a malformed event is skipped, not retried forever', async () => {
  const user = newUser('after_bad');
  await recordEvent(h.db, rawLog(LOGS.profiles), { type: 'profile.updated', userId: 'nope' });
  await recordEvent(h.db, rawLog(LOGS.profiles), {
    type: 'profile.updated',
    userId: oid(user.id),
    username: 'after_bad',
    displayName: 'After Bad',
  });
  await drainConsumers(h.service);
  expect(await h.db.collection('authors').findOne({ _id: oid(user.id) })).toMatchObject({
    displayName: 'After Bad',
  });
});
