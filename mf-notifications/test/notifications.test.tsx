import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DevCircleSdk } from '@devcircle/sdk';
import { NotificationsScreen } from '../src/features/notifications/NotificationsScreen';
import {
  member,
  notificationsArrived,
  publish,
  renderWithSdk,
  serverNotifications,
  startWebBackend,
  username,
  type WebBackend,
} from './harness';

// Every test shares this back end; each one signs up its own members.
let backend: WebBackend;

beforeAll(async () => {
  backend = await startWebBackend();
}, 60_000);

afterAll(() => backend.stop());

const END = '— End of notifications —';
const list = () => screen.getByRole('list', { name: 'Notifications' });
const rows = () => within(list()).getAllByRole('listitem');
const button = (name: string) => screen.getByRole('button', { name });

/** `follower` follows `followed` for real (PUT /api/users/:username/follow), and waits for the notification. */
async function follow(follower: DevCircleSdk, followed: DevCircleSdk, expected: number) {
  await follower.api.put(`/api/users/${username(followed)}/follow`);
  await notificationsArrived(followed, expected);
}

test('a like, a comment and a follow: newest first, each with its icon, words, time, unread mark and link', async () => {
  const ada = await member(backend, 'Ada Author');
  const bea = await member(backend, 'Bea Builder');
  const post = await publish(ada, 'Notify me');

  // One at a time, so their order is certain.
  await bea.api.put(`/api/posts/${post._id}/like`);
  await notificationsArrived(ada, 1);
  await bea.api.post(`/api/posts/${post._id}/comment`, { text: 'Nice one' });
  await notificationsArrived(ada, 2);
  await follow(bea, ada, 3);
  // The sender's name comes from their profile event, which may arrive after the actions.
  await notificationsArrived(ada, 3, (notification) => notification.fromUser?.displayName === 'Bea Builder');

  await ada.notificationGroups.load();
  const view = renderWithSdk(ada, <NotificationsScreen />);

  expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
  const [followed, commented, liked] = rows();
  expect(rows()).toHaveLength(3);

  expect(followed).toHaveTextContent('Bea Builder started following you');
  expect(within(followed).getByRole('img', { name: 'Follow' })).toBeInTheDocument();
  expect(within(followed).getByRole('link')).toHaveAttribute('href', `/profile/${username(bea)}`);

  expect(commented).toHaveTextContent('Bea Builder commented on your post');
  expect(within(commented).getByRole('img', { name: 'Comment' })).toBeInTheDocument();
  expect(within(commented).getByRole('link')).toHaveAttribute('href', `/post/${post._id}`);

  expect(liked).toHaveTextContent('Bea Builder liked your post');
  expect(within(liked).getByRole('img', { name: 'Like' })).toBeInTheDocument();
  expect(within(liked).getByRole('link')).toHaveAttribute('href', `/post/${post._id}`);

  for (const row of [followed, commented, liked]) {
    expect(within(row).getByText('Unread')).toBeInTheDocument();
    expect(within(row).getByText('Just now')).toBeInTheDocument();
    expect(within(row).getByRole('link')).toHaveClass('isUnread');
  }

  // Everything is listed: the end marker, no Load more.
  expect(screen.getByText(END)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  expect(button('Mark all as read')).toBeEnabled();
  expect(button('Delete all')).toBeEnabled();

  // A row goes where it says, through the app's navigation.
  await userEvent.click(within(liked).getByText('Bea Builder'));
  await userEvent.click(within(followed).getByRole('link'));
  expect(view.navigations).toEqual([`/post/${post._id}`, `/profile/${username(bea)}`]);
  // Three actions and their notifications through the real back end first: a budget for a busy machine.
}, 30_000);

test('likes of one post are one row, "… and 2 others liked your post"; a pushed like updates it in place', async () => {
  const ada = await member(backend, 'Ada Grouped');
  const fans = [
    await member(backend, 'Bo Liker'),
    await member(backend, 'Cy Liker'),
    await member(backend, 'Di Liker'),
  ];
  const post = await publish(ada, 'Group my likes');
  for (const fan of fans) await fan.api.put(`/api/posts/${post._id}/like`);
  await notificationsArrived(
    ada,
    3,
    (notification) => notification.fromUser?.displayName?.endsWith('Liker') === true,
  );
  await follow(fans[0], ada, 4);

  await ada.notificationGroups.load();
  renderWithSdk(ada, <NotificationsScreen />);
  expect(rows()).toHaveLength(2);
  const liked = rows()[1];
  expect(liked).toHaveTextContent('Di Liker and 2 others liked your post');
  expect(within(liked).getByRole('link')).toHaveAttribute('href', `/post/${post._id}`);

  // A fourth like, pushed as the socket would: the same row moves to the top, counted, not a new row.
  const eve = await member(backend, 'Ev Liker');
  await eve.api.put(`/api/posts/${post._id}/like`);
  const [pushed] = await notificationsArrived(ada, 5);
  act(() => ada.notificationGroups.receive(pushed));
  expect(rows()).toHaveLength(2);
  expect(rows()[0]).toHaveTextContent('Ev Liker and 3 others liked your post');
  expect(rows()[1]).toHaveTextContent('Bo Liker started following you');
  // Pushed again (a repeat): nothing changes.
  act(() => ada.notificationGroups.receive(pushed));
  expect(rows()[0]).toHaveTextContent('Ev Liker and 3 others liked your post');
}, 60_000);

test('opened before anything loaded, it loads itself (skeleton first); Mark all as read clears every mark', async () => {
  const ada = await member(backend, 'Ada Reader');
  const cid = await member(backend, 'Cid Follower');
  const dee = await member(backend, 'Dee Follower');
  await follow(cid, ada, 1);
  await follow(dee, ada, 2);
  expect(ada.notificationGroups.getState()).toMatchObject({ loaded: false, loading: false });

  renderWithSdk(ada, <NotificationsScreen />);
  expect(screen.getByText('Loading notifications')).toBeInTheDocument();
  expect(screen.queryByText('No notifications yet.')).not.toBeInTheDocument();

  // Two follows: one group, newest first.
  await waitFor(() => expect(rows()).toHaveLength(1));
  expect(rows()[0]).toHaveTextContent('Dee Follower and Cid Follower started following you');
  expect(within(rows()[0]).getByRole('link')).toHaveAttribute('href', `/profile/${username(ada)}/followers`);
  expect(screen.queryByText('Loading notifications')).not.toBeInTheDocument();
  expect(screen.getAllByText('Unread')).toHaveLength(1);

  await userEvent.click(button('Mark all as read'));
  await waitFor(() => expect(screen.queryByText('Unread')).not.toBeInTheDocument());
  // Read, the group stays as it was.
  expect(rows()).toHaveLength(1);
  expect(rows()[0]).toHaveTextContent('Dee Follower and Cid Follower started following you');
  for (const row of rows()) expect(within(row).getByRole('link')).not.toHaveClass('isUnread');
  expect(button('Mark all as read')).toBeDisabled();
  // Delete all waits while the list is marked and reloaded.
  await waitFor(() => expect(button('Delete all')).toBeEnabled());
  expect(button('Mark all as read')).toBeDisabled();

  // The server agrees.
  const held = await serverNotifications(ada);
  expect(held).toHaveLength(2);
  expect(held.every((notification) => notification.read)).toBe(true);
});

test('Delete all asks first: Cancel keeps everything, confirming empties the list here and on the server', async () => {
  const ada = await member(backend, 'Ada Deleter');
  const eve = await member(backend, 'Eve Liker');
  const post = await publish(ada, 'Like me');
  await eve.api.put(`/api/posts/${post._id}/like`);
  await notificationsArrived(ada, 1);
  await follow(eve, ada, 2);
  await ada.notificationGroups.load();
  renderWithSdk(ada, <NotificationsScreen />);
  const user = userEvent.setup();

  await user.click(button('Delete all'));
  let dialog = screen.getByRole('dialog', { name: 'Delete All Notifications?' });
  expect(dialog).toHaveTextContent('cannot be undone');
  // A danger confirm starts on Cancel.
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(rows()).toHaveLength(2);
  expect(await serverNotifications(ada)).toHaveLength(2);

  await user.click(button('Delete all'));
  dialog = screen.getByRole('dialog', { name: 'Delete All Notifications?' });
  await user.click(within(dialog).getByRole('button', { name: 'Delete all' }));

  expect(await screen.findByText('No notifications yet.')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.queryByRole('list', { name: 'Notifications' })).not.toBeInTheDocument();
  expect(screen.queryByText(END)).not.toBeInTheDocument();
  expect(button('Delete all')).toBeDisabled();
  expect(button('Mark all as read')).toBeDisabled();
  // Focus is not lost with the disabled button: it lands on the title.
  const title = screen.getByRole('heading', { level: 1, name: 'Notifications' });
  await waitFor(() => expect(title).toHaveFocus());
  expect(await serverNotifications(ada)).toEqual([]);
});

test('with none: the empty state with a way to explore, both actions disabled, no end marker', async () => {
  const ada = await member(backend, 'Ada Alone');
  const view = renderWithSdk(ada, <NotificationsScreen />);

  expect(await screen.findByText('No notifications yet.')).toBeInTheDocument();
  expect(screen.queryByRole('list', { name: 'Notifications' })).not.toBeInTheDocument();
  expect(screen.queryByText(END)).not.toBeInTheDocument();
  expect(button('Mark all as read')).toBeDisabled();
  expect(button('Delete all')).toBeDisabled();

  const explore = screen.getByRole('link', { name: 'Explore developers' });
  expect(explore).toHaveAttribute('href', '/explore');
  await userEvent.click(explore);
  expect(view.navigations).toEqual(['/explore']);
});

test('more than a page: 20 first, Load more brings the older ones, then the end marker', async () => {
  const ada = await member(backend, 'Ada Popular');
  const fan = await member(backend, 'Fan Liker');
  const posts: { _id: string }[] = [];
  for (let index = 0; index < 23; index++) posts.push(await publish(ada, `Post ${index}`));
  for (const post of posts) await fan.api.put(`/api/posts/${post._id}/like`);
  const held = await notificationsArrived(ada, 23);
  const newestFirst = held.map((notification) => `/post/${notification.post as string}`);

  await ada.notificationGroups.load();
  renderWithSdk(ada, <NotificationsScreen />);
  const links = () =>
    within(list())
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));

  expect(links()).toEqual(newestFirst.slice(0, 20));
  expect(screen.queryByText(END)).not.toBeInTheDocument();

  await userEvent.click(button('Load more'));
  await waitFor(() => expect(rows()).toHaveLength(23));
  expect(links()).toEqual(newestFirst);
  expect(screen.getByText(END)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  // 23 posts, 23 likes and their notifications through the real back end first: a budget for a busy machine.
}, 90_000);
