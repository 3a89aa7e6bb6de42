import '@testing-library/jest-dom';
import { act, render, screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import { io } from 'socket.io-client';
import type { AppNotification, DevCircleSdk } from '@devcircle/sdk';
import { SdkProvider } from '@devcircle/sdk/react';
import { App } from '../src/app/App';
import { memberActs, serverHolds, userOf } from '../../test-support/member-actions';
import { makeSdk, recordRequests, unreachableUrl, useWebBackend, visitorSdk } from './helpers';

// The realtime feature against the real back end: the socket goes through the gateway to the notifications
// service, and the notifications are made by another member acting through the API.
const backend = useWebBackend();

beforeAll(() => {
  globalThis.__DEVCIRCLE_API_BASE__ = backend().url;
});
afterAll(() => {
  delete globalThis.__DEVCIRCLE_API_BASE__;
});

const PASSWORD = 'secret123';

/**
 * The app on a page of the shell's own (/support: no remote to load in jsdom), signed in as `sdk`'s user, once its
 * splash is over: the splash's own timer hides it 2 s in, and a test awaiting the server then would see that
 * update land outside act.
 */
async function renderApp(sdk: DevCircleSdk): Promise<void> {
  window.history.pushState({}, '', '/support');
  requests.calls.length = 0; // from here on, only the app's requests
  render(
    <SdkProvider sdk={sdk}>
      <App />
    </SdkProvider>,
  );
  await waitForElementToBeRemoved(() => screen.queryByTestId('splash'), { timeout: 10_000 });
}

/**
 * Runs an action the server pushes to the page (another member's or session's) while waiting for what the page
 * shows of it: the push can arrive before the action's own answer, and must land inside the wait.
 */
async function untilShown(action: () => Promise<unknown>, shown: () => unknown): Promise<void> {
  await Promise.all([waitFor(shown), action()]);
}

// The shell keeps the notification groups (issue 19); a like and a comment are two groups, as two items were.
const itemsOf = (sdk: DevCircleSdk) => sdk.notificationGroups.getState().groups;
const typesOf = (sdk: DevCircleSdk) => itemsOf(sdk).map((item) => item.type);
const listReads = (calls: { method: string; path: string }[]) =>
  calls.filter((call) => call.method === 'GET' && call.path.startsWith('/api/notifications')).length;

/** A (the author, signed in, with a post) and B (another member who acts on it). */
async function authorAndFan() {
  const a = await makeSdk(backend(), true);
  const b = await makeSdk(backend(), true);
  const postId = await memberActs.publish(a);
  return { a, b, postId };
}

/**
 * A signed in on the app with B's like loaded and B's comment received through the socket: the socket is live.
 */
async function signedInAndLive() {
  const { a, b, postId } = await authorAndFan();
  await memberActs.like(b, postId);
  await serverHolds(a, 1);
  await renderApp(a);
  await waitFor(() => expect(typesOf(a)).toEqual(['like']));
  await untilShown(
    () => memberActs.comment(b, postId),
    () => expect(typesOf(a)).toEqual(['comment', 'like']),
  );
  return { a, b, postId };
}

/**
 * A socket of its own for `token`, opened by the test with the real client: what the server pushes to that user,
 * and why it was dropped.
 */
const watchers: { close(): void }[] = [];
afterEach(() => watchers.splice(0).forEach((watcher) => watcher.close()));

function watchSocket(token: string) {
  const received: AppNotification[] = [];
  let reason = '';
  const socket = io(backend().url, { path: '/socket.io', transports: ['websocket'], auth: { token } });
  socket.on('notification', (notification: AppNotification) => received.push(notification));
  socket.on('disconnect', (why) => (reason = why));
  const connected = new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const watcher = { received, connected, droppedBecause: () => reason, close: () => void socket.close() };
  watchers.push(watcher);
  return watcher;
}

const secondSessions: DevCircleSdk[] = [];
// A login starts the 10-minute keep-alive ping: signing out stops it.
afterEach(() => secondSessions.splice(0).forEach((session) => session.auth.logout()));

/** A second session of `sdk`'s user (its own token), signed in with the password. */
async function secondSession(sdk: DevCircleSdk): Promise<DevCircleSdk> {
  const other = visitorSdk(backend().url);
  await other.auth.login(userOf(sdk).email, PASSWORD);
  secondSessions.push(other);
  return other;
}

let requests: ReturnType<typeof recordRequests>;
let debug: jest.SpyInstance;
beforeEach(() => {
  requests = recordRequests();
  // The socket logs its connection changes at debug level; kept out of the test output, and checked below.
  debug = jest.spyOn(console, 'debug').mockImplementation(() => undefined);
  // jsdom has no scrolling; the app scrolls to the top on every route.
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
});
afterEach(() => {
  requests.restore();
  debug.mockRestore();
});

test('after sign-in the list loads, and a notification made by another member arrives through the socket with the red dot', async () => {
  const { a, b, postId } = await authorAndFan();
  await memberActs.like(b, postId);
  await serverHolds(a, 1);
  await a.api.put('/api/notifications/mark-all-read');

  await renderApp(a);
  await waitFor(() =>
    expect(a.notificationGroups.getState()).toMatchObject({ loaded: true, loading: false }),
  );
  expect(itemsOf(a)).toMatchObject([{ type: 'like', read: true }]);
  const nav = screen.getByRole('navigation', { name: 'Main' });
  expect(within(nav).getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
  expect(screen.queryByTestId('unread-dot')).not.toBeInTheDocument();

  await untilShown(
    () => memberActs.comment(b, postId),
    () => within(nav).getByRole('link', { name: 'Notifications (unread)' }),
  );
  const bell = within(nav).getByRole('link', { name: 'Notifications (unread)' });
  expect(within(bell).getByTestId('unread-dot')).toBeInTheDocument();
  expect(typesOf(a)).toEqual(['comment', 'like']);
  expect(itemsOf(a)[0]).toMatchObject({ read: false, actors: [{ _id: userOf(b).id }] });
  // The list was read once, at sign-in: the comment came through the socket.
  expect(listReads(requests.calls)).toBe(1);
  // The file's first test also pays for the socket client's first load: a budget for a busy machine.
}, 20_000);

test('sign-out closes the socket and empties the list: a notification made afterwards does not reach the store', async () => {
  const { a, b } = await signedInAndLive();
  expect(screen.getByTestId('unread-dot')).toBeInTheDocument();

  // A second session of A's keeps a socket open: when the follow reaches it, it had reached every socket of A's.
  const aAgain = await secondSession(a);
  const watcher = watchSocket(aAgain.auth.getState().token ?? '');
  await watcher.connected;
  act(() => a.auth.logout());
  expect(a.notificationGroups.getState()).toMatchObject({ groups: [], loaded: false });
  expect(screen.queryByTestId('unread-dot')).not.toBeInTheDocument();

  await memberActs.follow(b, aAgain);
  // (A notification made just before the watcher connected may reach it too: pushes are not tied to the
  // moment of connecting.)
  await waitFor(() => expect(watcher.received.map((item) => item.type)).toContain('follow'));
  expect(a.notificationGroups.getState()).toMatchObject({ groups: [], loaded: false });
  expect(a.unread.get()).toBe(false);
});

test('leaving the page closes the socket; back from the back/forward cache it reconnects and catches up', async () => {
  const { a, b } = await signedInAndLive();
  const watcher = watchSocket((await secondSession(a)).auth.getState().token ?? '');
  await watcher.connected;

  act(() => void window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true })));
  await memberActs.follow(b, a);
  await waitFor(() => expect(watcher.received.map((item) => item.type)).toContain('follow'));
  expect(typesOf(a)).toEqual(['comment', 'like']);

  // The handshake names the newest item held, and the server sends what came after it.
  act(() => void window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
  await waitFor(() => expect(typesOf(a)).toEqual(['follow', 'comment', 'like']));
  expect(listReads(requests.calls)).toBe(1);
});

test('a new token (password change) gets a fresh socket: pushes keep coming after the server drops the old one', async () => {
  const { a, b, postId } = await authorAndFan();
  await memberActs.like(b, postId);
  await serverHolds(a, 1);
  await renderApp(a);
  await waitFor(() => expect(typesOf(a)).toEqual(['like']));
  const oldToken = watchSocket(a.auth.getState().token ?? '');
  await oldToken.connected;

  const reply = await a.api.put<{ token: string }>(`/api/users/${userOf(a).id}/password`, {
    currentPassword: PASSWORD,
    newPassword: 'secret456',
    confirmPassword: 'secret456',
  });
  act(() => a.auth.replaceToken(reply.token));
  // The server drops the old token's sockets (the app's first one among them).
  await waitFor(() => expect(oldToken.droppedBecause()).toBe('io server disconnect'));

  await untilShown(
    () => memberActs.comment(b, postId),
    () => expect(typesOf(a)).toEqual(['comment', 'like']),
  );
  expect(listReads(requests.calls)).toBe(1);
  expect(a.auth.getState()).toMatchObject({ authenticated: true, token: reply.token });
});

test('a socket that cannot connect is only logged (console.debug); the page shows nothing and the list still loads', async () => {
  const { a, b, postId } = await authorAndFan();
  await memberActs.like(b, postId);
  await serverHolds(a, 1);
  globalThis.__DEVCIRCLE_API_BASE__ = await unreachableUrl();
  try {
    await renderApp(a);
    await waitFor(() =>
      expect(debug).toHaveBeenCalledWith('[realtime] connection failed:', expect.any(String)),
    );
    expect(typesOf(a)).toEqual(['like']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('unread-dot')).toBeInTheDocument();
  } finally {
    globalThis.__DEVCIRCLE_API_BASE__ = backend().url;
  }
});

test('mark all as read and delete all in another session reach this page: the dot goes, then the list empties', async () => {
  const { a } = await signedInAndLive();
  expect(screen.getByTestId('unread-dot')).toBeInTheDocument();

  const otherTab = await secondSession(a);
  await untilShown(
    () => otherTab.api.put('/api/notifications/mark-all-read'),
    () => expect(screen.queryByTestId('unread-dot')).not.toBeInTheDocument(),
  );
  expect(itemsOf(a).map((item) => item.read)).toEqual([true, true]);

  await untilShown(
    () => otherTab.api.delete('/api/notifications/all'),
    () => expect(itemsOf(a)).toEqual([]),
  );
  // The list was read once, at sign-in: both changes came through the socket.
  expect(listReads(requests.calls)).toBe(1);
});

test('a comment deleted by its writer leaves the page’s list, and the red dot with it', async () => {
  const { a, b, postId } = await authorAndFan();
  await renderApp(a);
  await waitFor(() => expect(a.notificationGroups.getState()).toMatchObject({ loaded: true }));
  let post: { comments: { _id: string }[] } | undefined;
  await untilShown(
    async () => {
      post = await b.api.post(`/api/posts/${postId}/comment`, { text: 'Posted too soon' });
    },
    () => expect(typesOf(a)).toEqual(['comment']),
  );
  expect(screen.getByTestId('unread-dot')).toBeInTheDocument();

  await untilShown(
    () => b.api.delete(`/api/posts/${postId}/comment/${post?.comments[0]._id}`),
    () => expect(itemsOf(a)).toEqual([]),
  );
  expect(screen.queryByTestId('unread-dot')).not.toBeInTheDocument();
});

test('an empty list is read once: what is made before or after the socket joins comes through the socket', async () => {
  const { a, b, postId } = await authorAndFan();
  await renderApp(a);
  await waitFor(() => expect(a.notificationGroups.getState()).toMatchObject({ loaded: true, groups: [] }));
  // Whether the like lands before the socket has joined (the handshake's catch-up from before any id brings it)
  // or after (a live push), it arrives without a second read of the list.
  await untilShown(
    () => memberActs.like(b, postId),
    () => expect(typesOf(a)).toEqual(['like']),
  );
  expect(listReads(requests.calls)).toBe(1);
});
