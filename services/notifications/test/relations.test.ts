import { LOGS, recordEvent } from '@devcircle/service-kit';
import { ObjectId } from 'mongodb';
import {
  comment,
  follow,
  like,
  list,
  call,
  person,
  startHarness,
  type Harness,
  type Person,
} from './harness';

// Blocks and mutes (docs/safety.md): the one filter where notifications are made, and what a block or a mute
// takes away from the owner's list. Events recorded as the users and posts services record them.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

const drain = () => Promise.all(h.service.consumers.map((consumer) => consumer.drain()));
const relation = (type: 'block' | 'unblock' | 'mute' | 'unmute', owner: Person, target: Person) =>
  recordEvent(h.db, LOGS.relations, { type, ownerId: owner.id, targetId: target.id });
const mention = (actor: Person, postAuthor: Person, names: string[]) =>
  recordEvent(h.db, LOGS.posts, {
    type: 'comment',
    actor: { _id: actor.id, username: actor.username },
    postId: new ObjectId(),
    postAuthorId: postAuthor.id,
    commentId: new ObjectId(),
    mentions: names,
  });
const senders = async (who: Person) => (await list(h, who)).map((n) => n.fromUser.username).sort();

test('nothing across a block either way, nothing from a muted member, and what came before a block goes', async () => {
  const ada = await person(h, 'Ada');
  const bob = await person(h, 'Bob');
  const cy = await person(h, 'Cy');
  const dee = await person(h, 'Dee');
  // Before: bob likes and comments on ada's post; ada has them, unread.
  const adaPost = new ObjectId();
  await like(h, bob, ada, adaPost);
  await comment(h, bob, ada, adaPost);
  await drain();
  expect(await senders(ada)).toEqual([bob.username, bob.username]);

  await relation('block', ada, bob);
  await relation('mute', ada, cy);
  await drain();
  // The block took bob's notifications out of ada's list and unread count.
  expect(await senders(ada)).toEqual([]);
  const unread = await call<{ hasUnread?: boolean; count?: number }>(
    h,
    'GET',
    '/api/notifications/unread',
    ada,
  );
  expect(JSON.stringify(unread.body)).not.toMatch(/true|[1-9]/);

  // After: from the blocked member, the muted one, and the blocker towards the blocked member: nothing, mentions
  // included; dee, who is in no relation, still gets through.
  await like(h, bob, ada, adaPost, 'like');
  await follow(h, bob, ada);
  await mention(bob, dee, [ada.username]);
  await like(h, cy, ada, adaPost);
  await comment(h, cy, ada, adaPost);
  await mention(cy, dee, [ada.username]);
  const bobPost = new ObjectId();
  await like(h, ada, bob, bobPost);
  await mention(ada, dee, [bob.username]);
  await like(h, dee, ada, adaPost);
  await drain();
  expect(await senders(ada)).toEqual([dee.username]);
  expect(await senders(bob)).toEqual([]);
  // The muted member is not told and still hears from the muter.
  await like(h, ada, cy, new ObjectId());
  await drain();
  expect(await senders(cy)).toEqual([ada.username]);

  // Taken back: notifications flow again (what the block removed stays removed).
  await relation('unblock', ada, bob);
  await relation('unmute', ada, cy);
  await drain();
  await follow(h, bob, ada, 'follow');
  await like(h, cy, ada, new ObjectId());
  await drain();
  expect(await senders(ada)).toEqual([bob.username, cy.username, dee.username].sort());
});
