import { LOGS, recordEvent } from '@devcircle/service-kit';
import { ObjectId } from 'mongodb';
import { NOTIFICATIONS, type NotificationDoc } from '../src/notifications/notification';
import { call, comment, deletePost, person, startHarness, type Harness, type Person } from './harness';

// `notifications.mentions` (issue 19): the names a `post.created` or `comment` event carries become one `mention`
// notification per member and post or comment, never the writer's own; a deletion takes them away.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

const drain = () => Promise.all(h.service.consumers.map((consumer) => consumer.drain()));

function postCreated(actor: Person, postId: ObjectId, mentions: unknown) {
  return recordEvent(h.db, LOGS.posts, {
    type: 'post.created',
    actor: { _id: actor.id, username: actor.username },
    postId,
    postAuthorId: actor.id,
    mentions: mentions as string[],
  });
}

const mentionsOf = (recipient: Person) =>
  h.db
    .collection<NotificationDoc>(NOTIFICATIONS)
    .find({ userId: recipient.id, type: 'mention', removed: false })
    .sort({ _id: 1 })
    .toArray();

test('one mention notification per member and post or comment, whatever the spelling or repeats (an edit adding names too); not the writer; gone with the comment and the post', async () => {
  const alice = await person(h, 'Alice');
  const bob = await person(h, 'Bob');
  const carol = await person(h, 'Carol');
  // The people projection knows them before anyone mentions them (its consumer runs beside the mentions one).
  await drain();
  const postId = new ObjectId();
  const event = await postCreated(alice, postId, [
    bob.username.toUpperCase(),
    alice.username,
    'nosuchmember',
  ]);
  // A redelivery (the same event handed over again) and a malformed list change nothing.
  const stored = await h.db.collection(LOGS.posts.name).findOne({ _id: event });
  await h.db.collection(LOGS.posts.name).insertOne({ ...stored, _id: new ObjectId() });
  await postCreated(alice, new ObjectId(), 'not a list');
  await drain();

  const [forBob, ...more] = await mentionsOf(bob);
  expect(more).toEqual([]);
  expect(forBob).toMatchObject({
    fromUserId: alice.id,
    postId,
    key: `mention:${postId.toHexString()}`,
    read: false,
  });
  expect(await mentionsOf(alice)).toEqual([]);

  // In a comment: its own notification; removed when the comment goes, and the post's when the post goes.
  const commentId = new ObjectId();
  await recordEvent(h.db, LOGS.posts, {
    type: 'comment',
    actor: { _id: bob.id, username: bob.username },
    postId,
    postAuthorId: alice.id,
    commentId,
    mentions: [alice.username],
  });
  await drain();
  const [forAlice] = await mentionsOf(alice);
  expect(forAlice).toMatchObject({ fromUserId: bob.id, key: `mention:${commentId.toHexString()}` });

  // An edit that names Carol too: Carol hears of it under the comment's key, Alice (named again by a racing or
  // replayed edit) not a second time, and the edit makes no second comment notification.
  await recordEvent(h.db, LOGS.posts, {
    type: 'comment.edited',
    actor: { _id: bob.id, username: bob.username },
    postId,
    postAuthorId: alice.id,
    commentId,
    mentions: [carol.username, alice.username],
  });
  await drain();
  expect(await mentionsOf(carol)).toMatchObject([
    { fromUserId: bob.id, key: `mention:${commentId.toHexString()}` },
  ]);
  expect(await mentionsOf(alice)).toHaveLength(1);
  expect(await h.db.collection(NOTIFICATIONS).countDocuments({ userId: alice.id, type: 'comment' })).toBe(1);

  await comment(h, bob, alice, postId, commentId, 'comment.deleted');
  await drain();
  expect(await mentionsOf(alice)).toEqual([]);
  expect(await mentionsOf(carol)).toEqual([]);
  expect(await mentionsOf(bob)).toHaveLength(1);
  await deletePost(h, alice, postId);
  await drain();
  expect(await mentionsOf(bob)).toEqual([]);
});

test('the list shows a mention with its sender and post', async () => {
  const carol = await person(h, 'Carol');
  const dave = await person(h, 'Dave');
  await drain();
  const postId = new ObjectId();
  await postCreated(carol, postId, [dave.username]);
  await drain();
  // Read as the list answers it (its shape aside: the type, the sender and the post are what the screen needs).
  const reply = await call(h, 'GET', '/api/notifications', dave);
  expect(reply.status).toBe(200);
  const shown = JSON.stringify(reply.body);
  expect(shown).toContain('"type":"mention"');
  expect(shown).toContain(`"username":"${carol.username}"`);
  expect(shown).toContain(postId.toHexString());
});
