/**
 * @jest-environment node
 */
// The notification groups store (issue 19) against the real back end (test-support/web-backend.ts): groups made
// for real by other members, pushes folded in as the socket hands them over, and changes made by another session.
import { NOTIFICATIONS_PAGE_SIZE, type AppNotificationGroup, type DevCircleSdk } from '../../src';
import { memberActs, sdkWithHeldAnswers, serverHolds, useWebBackend, userOf } from './harness';

const backend = useWebBackend();

const groupsOf = (sdk: DevCircleSdk) => sdk.notificationGroups.getState().groups;
const summary = (group: AppNotificationGroup) => [group.type, group.actorCount, group.count, group.read];

/** When the store has settled (no load in flight). */
async function settled(sdk: DevCircleSdk): Promise<void> {
  if (!sdk.notificationGroups.getState().loading) return;
  await new Promise<void>((resolve) => {
    const stop = sdk.notificationGroups.subscribe((state) => {
      if (state.loading) return;
      stop();
      resolve();
    });
  });
}

test('load, pushes in place (repeats ignored), mark all read, and a later like starting a new group', async () => {
  const a = await backend().signUp();
  const [b, c, d] = [await backend().signUp(), await backend().signUp(), await backend().signUp()];
  const postId = await memberActs.publish(a);
  await memberActs.like(b, postId);
  await memberActs.like(c, postId);
  await serverHolds(a, 2);
  await memberActs.follow(b, a);
  await serverHolds(a, 3);

  expect(a.notificationGroups.getState()).toMatchObject({ groups: [], loaded: false, unreadCount: 0 });
  await a.notificationGroups.load();
  expect(groupsOf(a).map(summary)).toEqual([
    ['follow', 1, 1, false],
    ['like', 2, 2, false],
  ]);
  expect(a.notificationGroups.getState()).toMatchObject({ loaded: true, hasMore: false, unreadCount: 2 });
  expect(a.unread.get()).toBe(true);

  // D's like, as the socket pushes it: the like group moves up, counted once however often it comes.
  await memberActs.like(d, postId);
  const [pushed] = await serverHolds(a, 4);
  a.notificationGroups.receive(pushed);
  a.notificationGroups.receive(pushed);
  const [likes, follows] = groupsOf(a);
  expect(likes).toMatchObject({ _id: `like:${postId}`, actorCount: 3, count: 3, latestId: pushed._id });
  expect(likes.actors.map((actor) => actor?._id)).toEqual([userOf(d).id, userOf(c).id, userOf(b).id]);
  expect(follows.type).toBe('follow');
  // What the server answers now is what the store holds.
  const fromServer = await a.api.get<AppNotificationGroup[]>('/api/notifications/groups?limit=20');
  expect(groupsOf(a)).toEqual(fromServer);

  const marking = a.notificationGroups.markAllRead();
  expect(a.unread.get()).toBe(false);
  await marking;
  expect(groupsOf(a).map(summary)).toEqual([
    ['like', 3, 3, true],
    ['follow', 1, 1, true],
  ]);

  // A like after reading (C's, on another post) starts a group of its own above the read ones.
  const second = await memberActs.publish(a, 'Another one');
  await memberActs.like(c, second);
  const [fresh] = await serverHolds(a, 5);
  a.notificationGroups.receive(fresh);
  expect(groupsOf(a).map(summary)).toEqual([
    ['like', 1, 1, false],
    ['like', 3, 3, true],
    ['follow', 1, 1, true],
  ]);
  expect(a.notificationGroups.getState().unreadCount).toBe(1);
  expect(a.unread.get()).toBe(true);

  await a.notificationGroups.deleteAll();
  expect(a.notificationGroups.getState()).toMatchObject({ groups: [], unreadCount: 0, hasMore: false });
  expect(a.unread.get()).toBe(false);
  a.notificationGroups.reset();
  expect(a.notificationGroups.getState()).toMatchObject({ groups: [], loaded: false });
}, 30_000);

test('what cannot be folded in exactly asks the server again: a group beyond the pages, a removal, a split read', async () => {
  const a = await backend().signUp();
  const fan = await backend().signUp();
  // More groups than a page: a like on each of 21 posts; the oldest post's group is beyond the first page.
  const posts: string[] = [];
  for (let i = 0; i <= NOTIFICATIONS_PAGE_SIZE; i++) posts.push(await memberActs.publish(a, `Post ${i}`));
  for (const postId of posts) await memberActs.like(fan, postId);
  await serverHolds(a, posts.length);
  await a.notificationGroups.load();
  expect(a.notificationGroups.getState()).toMatchObject({ hasMore: true });
  expect(groupsOf(a)).toHaveLength(NOTIFICATIONS_PAGE_SIZE);

  // Another like of the oldest post: its group is not held, the server is asked, and the first page is right.
  const other = await backend().signUp();
  await memberActs.like(other, posts[0]);
  const [pushed] = await serverHolds(a, posts.length + 1);
  a.notificationGroups.receive(pushed);
  await settled(a);
  expect(groupsOf(a)[0]).toMatchObject({ _id: `like:${posts[0]}`, actorCount: 2, count: 2 });
  expect(groupsOf(a).filter((group) => group._id === `like:${posts[0]}`)).toHaveLength(1);

  // A removal names notifications, not groups: asked again.
  await a.api.delete(`/api/posts/${posts[0]}`);
  await serverHolds(a, posts.length - 1);
  a.notificationGroups.applyRemoved([pushed._id]);
  await settled(a);
  expect(groupsOf(a).some((group) => group.post === posts[0])).toBe(false);

  // Another session read everything up to an id inside a group: that group is split there, so asked again.
  const late = sdkWithHeldAnswers(backend(), a);
  await late.sdk.notificationGroups.load();
  await a.api.put('/api/notifications/mark-all-read');
  await memberActs.like(other, posts[1]);
  const [newest] = await serverHolds(a, posts.length);
  late.sdk.notificationGroups.receive(newest);
  expect(groupsOf(late.sdk)[0]).toMatchObject({ _id: `like:${posts[1]}`, count: 2, read: false });
  late.sdk.notificationGroups.applyRead(groupsOf(late.sdk)[1].latestId);
  await settled(late.sdk);
  expect(groupsOf(late.sdk)[0]).toMatchObject({ _id: `like:${posts[1]}`, count: 1, read: false });
  expect(groupsOf(late.sdk)[1]).toMatchObject({ read: true });
  expect(late.sdk.notificationGroups.getState().unreadCount).toBe(1);
}, 60_000);
