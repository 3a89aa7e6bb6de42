import {
  EVENT_CURSORS,
  LOGS,
  recordEvent,
  startEventConsumer,
  type EventConsumer,
  type EventCursor,
} from '@devcircle/service-kit';
import type { NotificationGroup } from '@devcircle/contracts';
import { call as kitCall } from '@devcircle/service-test-kit';
import { ObjectId } from 'mongodb';
import type { NotificationsContext } from '../src';
import { postEventsConsumer } from '../src/consumers/post-events';
import type { DigestDoc } from '../src/email/digests';
import { toView, type NotificationDoc, type NotificationView } from '../src/notifications/notification';
import {
  call,
  comment,
  deletePost,
  like,
  list,
  person,
  startHarness,
  type Harness,
  type Person,
} from './harness';

// `notifications.posts` handed a backlog: the consumer gives it what the stream holds as one batch
// (docs/events.md "Batches"); the outcome must be that of one event after the other, and each notification
// inserted is pushed once.

let h: Harness;
const started: EventConsumer[] = [];
const stopped = new Set<EventConsumer>();

/** Handles everything recorded so far with every consumer still running. */
async function drain(): Promise<void> {
  for (const consumer of [...h.service.consumers, ...started])
    if (!stopped.has(consumer)) await consumer.drain();
}

/** Stops the instance's consumer `name` (if an earlier test has not): what is recorded meanwhile waits. */
async function stopConsumer(name: string): Promise<void> {
  const consumer = h.service.consumers.find((c) => c.name === name && !stopped.has(c));
  if (!consumer) return;
  stopped.add(consumer);
  await consumer.stop();
}

beforeAll(async () => {
  h = await startHarness();
  // Each instance's fan-out pushes every new notification as well (the registry sends each once): stopped here,
  // so that what the registry is handed is what the posts consumer pushed.
  await stopConsumer('notifications.push');
});
afterEach(async () => {
  await Promise.all(
    started.splice(0).map((consumer) => {
      stopped.add(consumer);
      return consumer.stop();
    }),
  );
});
afterAll(() => h.stop());

/** `notifications.posts` started again with the instance's context: it resumes from the stored position. */
function startPostsConsumer(): EventConsumer {
  const ctx = h.service.context as NotificationsContext;
  const consumer = startEventConsumer(h.service.deps, postEventsConsumer(ctx));
  started.push(consumer);
  return consumer;
}

/** No `notifications.posts` runs: the instance's is stopped, and those started here. */
async function stopPostsConsumers(): Promise<void> {
  await stopConsumer('notifications.posts');
  await Promise.all(
    started.splice(0).map((consumer) => {
      stopped.add(consumer);
      return consumer.stop();
    }),
  );
}

/** What the instance pushes to sockets (its real registry, observed). */
function observePushes(): NotificationView[] {
  const pushed: NotificationView[] = [];
  const registry = (h.service.context as NotificationsContext).registry;
  const deliver = registry.deliver.bind(registry);
  registry.deliver = (doc) => {
    pushed.push(toView(doc));
    deliver(doc);
  };
  return pushed;
}

test('a backlog handled as a batch: repeats, own doings, deleted accounts, deletions in between and malformed events as one by one; each insert pushed once', async () => {
  const author = await person(h);
  const b = await person(h);
  const c = await person(h);
  const gone = await person(h);
  await recordEvent(h.db, LOGS.users, { type: 'account.deleted', userId: gone.id });
  await drain();
  await stopConsumer('notifications.posts');
  const pushed = observePushes();

  const [post1, post2] = [new ObjectId(), new ObjectId()];
  await like(h, b, author, post1);
  await like(h, b, author, post1); // liking again: one notification per person and post
  await like(h, author, author, post1); // one's own post: nobody
  await comment(h, c, author, post1);
  await deletePost(h, author, post1); // takes the two above with it, not what comes after
  await like(h, c, author, post2);
  await like(h, gone, author, post2); // from a deleted account: nothing
  await recordEvent(h.db, LOGS.posts, {
    type: 'like',
    actor: { _id: b.id, username: b.username },
    postId: post2,
    postAuthorId: 'not-an-id' as unknown as ObjectId,
  }); // malformed: skipped, not retried forever
  await comment(h, b, author, post2);

  await startPostsConsumer().drain();
  await drain();
  const shown = await list(h, author);
  expect(shown.map((n) => [n.type, n.fromUser.username, n.post])).toEqual([
    ['comment', b.username, post2.toHexString()],
    ['like', c.username, post2.toHexString()],
  ]);
  // Four inserted (two of them about post 1, then hidden by its deletion), each pushed once by this instance.
  const stored = await h.db.collection('notifications').find({ userId: author.id }).toArray();
  expect(stored).toHaveLength(4);
  expect(pushed.map((view) => view._id).sort()).toEqual(stored.map((doc) => doc._id.toHexString()).sort());
});

test('the same backlog handed over again (position lost) makes and pushes nothing new', async () => {
  const author = await person(h);
  const b = await person(h);
  await drain();
  await stopConsumer('notifications.posts');
  const post = new ObjectId();
  for (let i = 0; i < 5; i++) await comment(h, b, author, post);
  await like(h, b, author, post);
  const first = startPostsConsumer();
  await first.drain();
  stopped.add(first);
  await first.stop();
  expect(await list(h, author)).toHaveLength(6);

  // As after a crash before the position was stored: the whole log is read again, in batches.
  await h.db
    .collection<EventCursor>(EVENT_CURSORS)
    .deleteOne({ _id: `notifications.posts:${LOGS.posts.name}` });
  const pushed = observePushes();
  await startPostsConsumer().drain();
  await drain();
  expect(await list(h, author)).toHaveLength(6);
  expect(pushed).toEqual([]);
});

/** The roles of the mixed scenario below; each run makes its own members. */
const ROLES = ['ann', 'bea', 'cy', 'l1', 'l2', 'l3', 'blocked', 'muted', 'blocker'] as const;
type Role = (typeof ROLES)[number];

/**
 * One run of a scenario mixing every rule a batch applies: likes that group (beside an unread group made by an
 * earlier batch, and a read one), a repeat, one's own like, a blocked, a muted and a blocking actor, comments that
 * schedule e-mail (a digest already waiting, one new, one inside its window) or not (switched off). Its 14 events
 * are handled one at a time (each drained) or as one backlog; the outcome in role names, comparable between runs.
 */
async function mixedScenario(asBacklog: boolean) {
  const ctx = h.service.context as NotificationsContext;
  const who = {} as Record<Role, Person>;
  for (const role of ROLES) who[role] = await person(h);
  const [p1, p2, q, r] = [new ObjectId(), new ObjectId(), new ObjectId(), new ObjectId()];
  const posts = new Map([p1, p2, q, r].map((id, i) => [id.toHexString(), ['P1', 'P2', 'Q', 'R'][i]]));
  const roleOf = new Map<string, string>();
  for (const role of ROLES) {
    roleOf.set(who[role].id.toHexString(), role);
    roleOf.set(who[role].username, role);
  }
  const pushes: string[] = [];
  const deliver = ctx.registry.deliver.bind(ctx.registry);
  ctx.registry.deliver = (doc) => {
    if (roleOf.has(doc.userId.toHexString()))
      pushes.push(
        `${roleOf.get(doc.userId.toHexString())} ← ${doc.type} ${roleOf.get(doc.fromUserId.toHexString())}`,
      );
    deliver(doc);
  };

  // Before: handled one at a time in both runs.
  const { ann, bea, cy, l1, l2, l3, blocked, muted, blocker } = who;
  const preferences = await kitCall(
    h.service,
    'PUT',
    '/api/notifications/preferences',
    { comments: false },
    bea.headers,
  );
  expect(preferences.status).toBe(200);
  for (const [type, owner, target] of [
    ['block', ann, blocked],
    ['mute', ann, muted],
    ['block', blocker, ann],
  ] as const)
    await recordEvent(h.db, LOGS.relations, { type, ownerId: owner.id, targetId: target.id });
  await like(h, l2, ann, p2);
  await drain();
  expect((await call(h, 'PUT', '/api/notifications/mark-all-read', ann)).status).toBe(200);
  await like(h, l3, ann, p1); // an unread group's head, which the likes below take over
  await comment(h, l3, ann, p1); // ann's comments digest now waits (the sender is stopped)
  const lastSentAt = new Date(Date.now() - 60_000);
  await h.db.collection<DigestDoc>('email_digests').insertOne({
    _id: `${cy.id.toHexString()}:comments`,
    userId: cy.id,
    kind: 'comments',
    dueAt: null,
    fromId: null,
    lastSentAt,
    claim: null,
  });
  await drain();
  const pushedBefore = pushes.length;

  const events: (() => Promise<unknown>)[] = [
    () => like(h, l1, ann, p1),
    () => like(h, blocked, ann, p1), // ann blocks them: nothing
    () => comment(h, muted, ann, p1), // ann mutes them: nothing
    () => like(h, blocker, ann, p1), // they block ann: nothing
    () => like(h, l2, ann, p1),
    () => like(h, l1, ann, p1), // again: nothing
    () => like(h, ann, ann, p1), // her own: nothing
    () => like(h, l1, ann, p2), // a new unread group beside the read one
    () => comment(h, l1, ann, p1), // the waiting digest covers it
    () => comment(h, l2, ann, p1),
    () => comment(h, blocked, bea, q), // bea blocks nobody; her comments e-mail is off
    () => comment(h, l1, cy, r), // cy's digest: due at the end of its window
    () => comment(h, l2, cy, r),
    () => like(h, blocker, bea, q),
  ];
  if (asBacklog) {
    await stopPostsConsumers();
    for (const record of events) await record();
    await startPostsConsumer().drain();
  } else
    for (const record of events) {
      await record();
      await drain();
    }
  await drain();
  ctx.registry.deliver = deliver;

  const outcome: Record<string, unknown> = { pushes: pushes.slice(pushedBefore) };
  for (const recipient of [ann, bea, cy]) {
    const stored = await h.db
      .collection<NotificationDoc>('notifications')
      .find({ userId: recipient.id })
      .sort({ _id: 1 })
      .toArray();
    const named = new Map(
      stored.map((doc) => [
        doc._id.toHexString(),
        `${doc.type} ${roleOf.get(doc.fromUserId.toHexString())} ${posts.get(doc.postId?.toHexString() ?? '')}`,
      ]),
    );
    const groups = await call<NotificationGroup[]>(h, 'GET', '/api/notifications/groups', recipient);
    const digests = await h.db
      .collection<DigestDoc>('email_digests')
      .find({ userId: recipient.id })
      .sort({ _id: 1 })
      .toArray();
    outcome[roleOf.get(recipient.id.toHexString())!] = {
      notifications: stored.map(
        (doc) =>
          `${named.get(doc._id.toHexString())} read:${doc.read} head:${doc.head === true} removed:${doc.removed}`,
      ),
      groups: groups.body.map((group) => ({
        ...group,
        _id: undefined,
        latestId: named.get(group.latestId),
        createdAt: undefined,
        post: posts.get(group.post ?? ''),
        actors: group.actors.map((actor) => roleOf.get(actor?.username ?? '')),
      })),
      digests: digests.map((digest) => ({
        kind: digest.kind,
        from: digest.fromId && named.get(digest.fromId.toHexString()),
        due: !digest.dueAt
          ? null
          : digest.lastSentAt
            ? digest.dueAt.getTime() - digest.lastSentAt.getTime()
            : 'now',
        claim: digest.claim,
      })),
    };
  }
  return outcome;
}

test('a batch mixing blocked, muted, grouped and e-mailed cases ends exactly as one event at a time did', async () => {
  // What would be mailed is compared as the digests stand; none is sent meanwhile.
  await (h.service.context as NotificationsContext).email.sender.stop();
  await stopPostsConsumers();
  startPostsConsumer();
  const oneByOne = await mixedScenario(false);
  const batched = await mixedScenario(true);
  expect(batched).toEqual(oneByOne);
  // And what that is (so that both runs doing nothing would not pass).
  expect(oneByOne).toMatchObject({
    pushes: [
      'ann ← like l1',
      'ann ← like l2',
      'ann ← like l1',
      'ann ← comment l1',
      'ann ← comment l2',
      'bea ← comment blocked',
      'cy ← comment l1',
      'cy ← comment l2',
      'bea ← like blocker',
    ],
    ann: {
      notifications: [
        'like l2 P2 read:true head:true removed:false',
        'like l3 P1 read:false head:false removed:false',
        'comment l3 P1 read:false head:false removed:false',
        'like l1 P1 read:false head:false removed:false',
        'like l2 P1 read:false head:true removed:false',
        'like l1 P2 read:false head:true removed:false',
        'comment l1 P1 read:false head:false removed:false',
        'comment l2 P1 read:false head:true removed:false',
      ],
      digests: [{ kind: 'comments', from: 'comment l3 P1', due: 'now', claim: null }],
    },
    bea: { digests: [] },
    cy: { digests: [{ kind: 'comments', from: 'comment l1 R', due: 15 * 60 * 1000, claim: null }] },
  });
  expect((oneByOne.ann as { groups: unknown[] }).groups).toEqual([
    expect.objectContaining({
      type: 'comment',
      post: 'P1',
      actors: ['l2', 'l1', 'l3'],
      actorCount: 3,
      count: 3,
    }),
    expect.objectContaining({ type: 'like', post: 'P2', actors: ['l1'], count: 1, read: false }),
    expect.objectContaining({
      type: 'like',
      post: 'P1',
      actors: ['l2', 'l1', 'l3'],
      actorCount: 3,
      count: 3,
    }),
    expect.objectContaining({ type: 'like', post: 'P2', actors: ['l2'], count: 1, read: true }),
  ]);
});
