import {
  EVENT_CURSORS,
  LOGS,
  recordEvent,
  startEventConsumer,
  type EventConsumer,
  type EventCursor,
} from '@devcircle/service-kit';
import { ObjectId } from 'mongodb';
import type { NotificationsContext } from '../src';
import { postEventsConsumer } from '../src/consumers/post-events';
import { toView, type NotificationView } from '../src/notifications/notification';
import { comment, deletePost, like, list, person, startHarness, type Harness } from './harness';

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
