/**
 * @jest-environment node
 */
// The store against the real back end (test-support/web-backend.ts): notifications are made for real by other
// members liking, commenting on and following, and read back through the gateway. Node's environment: the
// in-process services need it, and the SDK gets Node's fetch.
import { createSdk, memoryStorage, NOTIFICATIONS_PAGE_SIZE, type DevCircleSdk } from '../../src';
import {
  memberActs,
  sdkWithHeldAnswers,
  serverHolds,
  serverNotifications,
  unreachableUrl,
  useWebBackend,
  userOf,
} from './harness';

const backend = useWebBackend();

const itemsOf = (sdk: DevCircleSdk) => sdk.notifications.getState().items;
const typesOf = (sdk: DevCircleSdk) => itemsOf(sdk).map((item) => item.type);

/** A (the author) with a post, and B (another member) who acts on it. */
async function authorAndFan() {
  const a = await backend().signUp();
  const b = await backend().signUp();
  const postId = await memberActs.publish(a);
  return { a, b, postId };
}

/** B likes, comments on A's post and follows A, one after the other (so their order is known). */
async function likeCommentFollow(a: DevCircleSdk, b: DevCircleSdk, postId: string) {
  await memberActs.like(b, postId);
  await serverHolds(a, 1);
  await memberActs.comment(b, postId);
  await serverHolds(a, 2);
  await memberActs.follow(b, a);
  return serverHolds(a, 3);
}

/**
 * A second SDK of A's whose `load()` is under way: the server has answered (`held.answered` resolved) and the
 * answer reaches the store only on `held.release()` — a reply that is late.
 */
async function loadWithHeldAnswer(a: DevCircleSdk) {
  const late = sdkWithHeldAnswers(backend(), a);
  const held = late.holdNext('GET', '/api/notifications');
  const loading = late.sdk.notifications.load();
  await held.answered;
  return { late, held, loading };
}

test('load: the list newest first (follow, comment, like) with who and which post; the unread indicator on', async () => {
  const { a, b, postId } = await authorAndFan();
  await likeCommentFollow(a, b, postId);
  expect(a.notifications.getState()).toMatchObject({ items: [], loaded: false, loading: false });

  const loading = a.notifications.load();
  expect(a.notifications.getState()).toMatchObject({ loading: true, loaded: false });
  await loading;

  const fan = userOf(b);
  expect(a.notifications.getState()).toMatchObject({ loading: false, loaded: true, hasMore: false });
  expect(typesOf(a)).toEqual(['follow', 'comment', 'like']);
  const [follow, comment, like] = itemsOf(a);
  expect(follow).toMatchObject({
    post: null,
    read: false,
    fromUser: { _id: fan.id, username: fan.username },
  });
  expect(comment).toMatchObject({ post: postId, read: false, fromUser: { _id: fan.id } });
  expect(like).toMatchObject({ post: postId, read: false, fromUser: { _id: fan.id } });
  expect(a.unread.get()).toBe(true);
});

test('loadMore: pages of 20 (before = the last _id) until a short page; nothing asked after it', async () => {
  const { a, b, postId } = await authorAndFan();
  // 22 notifications: a like, 20 comments and a follow.
  await memberActs.like(b, postId);
  for (let i = 0; i < 20; i++) await memberActs.comment(b, postId, `Comment ${i}`);
  await memberActs.follow(b, a);
  const all = await serverHolds(a, 22);

  await a.notifications.load();
  expect(itemsOf(a)).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
  expect(a.notifications.getState().hasMore).toBe(true);

  const loadingMore = a.notifications.loadMore();
  expect(a.notifications.getState().loadingMore).toBe(true);
  await loadingMore;
  expect(a.notifications.getState()).toMatchObject({ hasMore: false, loadingMore: false });
  expect(itemsOf(a).map((item) => item._id)).toEqual(all.map((item) => item._id));

  const before = a.notifications.getState();
  await a.notifications.loadMore();
  expect(a.notifications.getState()).toBe(before);
});

test('receive: an item with the same _id is replaced in place, a new one goes on top', async () => {
  const { a, b, postId } = await authorAndFan();
  await memberActs.like(b, postId);
  await memberActs.comment(b, postId);
  await serverHolds(a, 2);
  await a.notifications.load();
  const [comment, like] = itemsOf(a);

  a.notifications.receive({ ...like, read: true });
  expect(itemsOf(a)).toEqual([comment, { ...like, read: true }]);

  await memberActs.follow(b, a);
  const [follow] = await serverHolds(a, 3);
  a.notifications.receive(follow);
  expect(typesOf(a)).toEqual(['follow', 'comment', 'like']);
  expect(itemsOf(a)[0]).toEqual(follow);
});

test('markAllRead: every item read at once, the indicator off, and the server agrees after the refetch', async () => {
  const { a, b, postId } = await authorAndFan();
  await likeCommentFollow(a, b, postId);
  await a.notifications.load();
  expect(a.unread.get()).toBe(true);

  const marking = a.notifications.markAllRead();
  expect(itemsOf(a).every((item) => item.read)).toBe(true);
  expect(a.unread.get()).toBe(false);
  await marking;

  expect(typesOf(a)).toEqual(['follow', 'comment', 'like']);
  expect(itemsOf(a).every((item) => item.read)).toBe(true);
  expect((await serverNotifications(a)).map((item) => item.read)).toEqual([true, true, true]);
  expect(a.unread.get()).toBe(false);
});

test('deleteAll: the list is empty, and so is the server’s', async () => {
  const { a, b, postId } = await authorAndFan();
  await likeCommentFollow(a, b, postId);
  await a.notifications.load();

  await a.notifications.deleteAll();
  expect(a.notifications.getState()).toMatchObject({ items: [], loaded: true, hasMore: false });
  expect(a.unread.get()).toBe(false);
  expect(await serverNotifications(a)).toEqual([]);
});

test('reset (sign-out): empty and not loaded, the indicator off', async () => {
  const { a, b, postId } = await authorAndFan();
  await memberActs.like(b, postId);
  await serverHolds(a, 1);
  await a.notifications.load();
  expect(a.unread.get()).toBe(true);

  a.notifications.reset();
  expect(a.notifications.getState()).toEqual({
    items: [],
    loading: false,
    loaded: false,
    hasMore: false,
    loadingMore: false,
  });
  expect(a.unread.get()).toBe(false);
});

test('the unread indicator follows the items: on, off, on again for a new one, off after delete all', async () => {
  const { a, b, postId } = await authorAndFan();
  const changes: boolean[] = [];
  a.unread.subscribe((unread) => changes.push(unread));
  await memberActs.like(b, postId);
  await serverHolds(a, 1);

  await a.notifications.load();
  await a.notifications.markAllRead();
  await memberActs.comment(b, postId);
  const [comment] = await serverHolds(a, 2);
  a.notifications.receive(comment);
  await a.notifications.deleteAll();
  expect(changes).toEqual([true, false, true, false]);
});

describe('failures are silent', () => {
  test('a load that cannot reach the server empties the list (not loading, loaded)', async () => {
    const { a, b, postId } = await authorAndFan();
    await memberActs.like(b, postId);
    const [like] = await serverHolds(a, 1);
    const offline = createSdk({
      baseUrl: await unreachableUrl(),
      fetch: (input, init) => fetch(input, init),
      storage: memoryStorage({ token: a.auth.getState().token ?? '' }),
    });
    offline.notifications.receive(like);
    expect(offline.unread.get()).toBe(true);

    await expect(offline.notifications.load()).resolves.toBeUndefined();
    expect(offline.notifications.getState()).toMatchObject({ items: [], loading: false, loaded: true });
    expect(offline.unread.get()).toBe(false);

    // Nothing to delete or mark there: both fail without a word, delete-all keeping the list.
    offline.notifications.receive(like);
    await expect(offline.notifications.deleteAll()).resolves.toBeUndefined();
    expect(itemsOf(offline)).toEqual([like]);
  });
});

describe('late answers', () => {
  test('a load answered after reset (sign-out) is ignored', async () => {
    const { a, b, postId } = await authorAndFan();
    await memberActs.like(b, postId);
    await serverHolds(a, 1);
    const { late, held, loading } = await loadWithHeldAnswer(a);
    late.sdk.notifications.reset();
    held.release();
    await loading;
    expect(late.sdk.notifications.getState()).toMatchObject({ items: [], loaded: false, loading: false });
    expect(late.sdk.unread.get()).toBe(false);
  });

  test('a load answered after a newer load is ignored', async () => {
    const { a, b, postId } = await authorAndFan();
    await memberActs.like(b, postId);
    await serverHolds(a, 1);
    const { late, held, loading: older } = await loadWithHeldAnswer(a); // the like only

    await memberActs.comment(b, postId);
    await serverHolds(a, 2);
    await late.sdk.notifications.load();
    expect(typesOf(late.sdk)).toEqual(['comment', 'like']);

    held.release();
    await older;
    expect(typesOf(late.sdk)).toEqual(['comment', 'like']);
    expect(late.sdk.notifications.getState()).toMatchObject({ loading: false, loaded: true });
  });

  test('pushes received while a load is in flight survive its answer: missing ones on top, held ones the server’s', async () => {
    const { a, b, postId } = await authorAndFan();
    await memberActs.like(b, postId);
    const [like] = await serverHolds(a, 1);
    const { late, held, loading } = await loadWithHeldAnswer(a); // the like only

    await memberActs.follow(b, a);
    const [follow] = await serverHolds(a, 2);
    late.sdk.notifications.receive({ ...like, read: true }); // a push of an item the answer holds
    late.sdk.notifications.receive(follow); // one it does not
    held.release();
    await loading;

    expect(itemsOf(late.sdk)).toEqual([follow, like]);
    expect(late.sdk.unread.get()).toBe(true);
  });

  test('a delete-all answered after sign-out leaves the next session’s list alone', async () => {
    const { a, b, postId } = await authorAndFan();
    await memberActs.like(b, postId);
    await serverHolds(a, 1);
    const late = sdkWithHeldAnswers(backend(), a);
    await late.sdk.notifications.load();
    const held = late.holdNext('DELETE', '/api/notifications/all');
    const deleting = late.sdk.notifications.deleteAll();
    await held.answered;

    late.sdk.notifications.reset();
    await memberActs.comment(b, postId);
    const [comment] = await serverHolds(a, 1); // the delete took the like; the comment came after it
    late.sdk.notifications.receive(comment);
    held.release();
    await deleting;
    expect(itemsOf(late.sdk)).toEqual([comment]);
  });
});

describe('changes made by another session of the user', () => {
  test('applyRead marks read what it covers, newer items stay unread, and a page in flight follows it', async () => {
    const { a, b, postId } = await authorAndFan();
    await memberActs.like(b, postId);
    await memberActs.comment(b, postId);
    const [comment, like] = await serverHolds(a, 2);
    const { late, held, loading } = await loadWithHeldAnswer(a); // still both unread

    // The other tab marked all read up to the comment; then a follow came.
    await a.notifications.markAllRead();
    late.sdk.notifications.applyRead(comment._id);
    await memberActs.follow(b, a);
    const [follow] = await serverHolds(a, 3);
    late.sdk.notifications.receive(follow);
    held.release();
    await loading;

    expect(itemsOf(late.sdk).map((item) => [item.type, item.read])).toEqual([
      ['follow', false],
      ['comment', true],
      ['like', true],
    ]);
    expect(like._id < comment._id).toBe(true);
    expect(late.sdk.unread.get()).toBe(true);
    late.sdk.notifications.applyRead(follow._id);
    expect(late.sdk.unread.get()).toBe(false);
  });

  test('applyCleared removes what it covers, even from a page in flight; nothing older is left to load', async () => {
    const { a, b, postId } = await authorAndFan();
    await memberActs.like(b, postId);
    const [like] = await serverHolds(a, 1);
    const { late, held, loading } = await loadWithHeldAnswer(a);

    await a.notifications.deleteAll();
    late.sdk.notifications.applyCleared(like._id);
    held.release();
    await loading;
    expect(late.sdk.notifications.getState()).toMatchObject({ items: [], hasMore: false, loaded: true });
    expect(late.sdk.unread.get()).toBe(false);

    // A notification after the clear is kept; a reset forgets the marks.
    await memberActs.comment(b, postId);
    const [comment] = await serverHolds(a, 1);
    late.sdk.notifications.receive(comment);
    expect(itemsOf(late.sdk)).toEqual([comment]);
    late.sdk.notifications.reset();
    late.sdk.notifications.receive(like);
    expect(itemsOf(late.sdk)).toEqual([like]);
  });
});

test('applyRemoved takes the named items out, also from a page in flight', async () => {
  const { a, b, postId } = await authorAndFan();
  await memberActs.like(b, postId);
  await memberActs.comment(b, postId);
  const [comment, like] = await serverHolds(a, 2);
  const { late, held, loading } = await loadWithHeldAnswer(a); // holds both

  late.sdk.notifications.applyRemoved([comment._id]);
  held.release();
  await loading;
  expect(itemsOf(late.sdk)).toEqual([like]);
  late.sdk.notifications.applyRemoved([like._id, 'f'.repeat(24)]);
  expect(itemsOf(late.sdk)).toEqual([]);
  expect(late.sdk.unread.get()).toBe(false);
});
