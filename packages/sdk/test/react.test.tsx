import { act, render, screen } from '@testing-library/react';
import '@testing-library/jest-dom';
import { createSdk, memoryStorage, sdk, type AppNotification } from '../src';
import { SdkProvider, useAuth, useNotifications, useSdk, useUnread } from '../src/react';

function Status() {
  const { user, authenticated, loading } = useAuth();
  const unread = useUnread();
  const { version } = useSdk();
  return (
    <p>
      <span data-testid="user">{authenticated ? user?.username : 'signed out'}</span>
      <span data-testid="loading">{String(loading)}</span>
      <span data-testid="dot">{unread ? 'unread' : 'all read'}</span>
      <span data-testid="version">{version}</span>
    </p>
  );
}

const ada = { id: 'u1', username: 'ada', email: 'ada@example.com' };

test('the hooks re-render on auth and unread changes (a provided instance)', async () => {
  const instance = createSdk({ storage: memoryStorage() });
  render(
    <SdkProvider sdk={instance}>
      <Status />
    </SdkProvider>,
  );
  expect(screen.getByTestId('user')).toHaveTextContent('signed out');
  expect(screen.getByTestId('loading')).toHaveTextContent('true');
  expect(screen.getByTestId('version')).toHaveTextContent('2.1.0');
  await act(() => instance.auth.init());
  expect(screen.getByTestId('loading')).toHaveTextContent('false');

  act(() => instance.auth.updateUser(ada));
  expect(screen.getByTestId('user')).toHaveTextContent('ada');
  act(() => instance.unread.set(true));
  expect(screen.getByTestId('dot')).toHaveTextContent('unread');
  act(() => instance.auth.logout());
  expect(screen.getByTestId('user')).toHaveTextContent('signed out');
  act(() => instance.unread.set(false));
  expect(screen.getByTestId('dot')).toHaveTextContent('all read');
});

test('without a provider the hooks follow the page’s singleton', () => {
  render(<Status />);
  expect(screen.getByTestId('dot')).toHaveTextContent('all read');
  act(() => sdk.unread.set(true));
  expect(screen.getByTestId('dot')).toHaveTextContent('unread');
  act(() => sdk.auth.updateUser({ ...ada, username: 'grace' }));
  expect(screen.getByTestId('user')).toHaveTextContent('grace');
  act(() => sdk.auth.logout());
  expect(screen.getByTestId('user')).toHaveTextContent('signed out');
});

function NotificationList() {
  const { items, loaded } = useNotifications();
  return (
    <ul aria-label={loaded ? 'loaded' : 'not loaded'}>
      {items.map((item) => (
        <li
          key={item._id}
        >{`${item.type} from ${item.fromUser?.username}${item.read ? '' : ' (unread)'}`}</li>
      ))}
    </ul>
  );
}

test('useNotifications re-renders on every change of the list', () => {
  // No network in this file: the store's calls are covered against the back end in notifications/store.test.ts.
  const instance = createSdk({ storage: memoryStorage() });
  const follow: AppNotification = {
    _id: '665f1c2e8a1b2c3d4e5f6a7b',
    type: 'follow',
    fromUser: { _id: '665f1c2e8a1b2c3d4e5f6a70', username: 'grace', displayName: 'Grace' },
    post: null,
    read: false,
    createdAt: '2026-01-01T12:00:00.000Z',
  };
  render(
    <SdkProvider sdk={instance}>
      <NotificationList />
      <Status />
    </SdkProvider>,
  );
  expect(screen.getByRole('list')).toBeEmptyDOMElement();
  act(() => instance.notifications.receive(follow));
  expect(screen.getByRole('listitem')).toHaveTextContent('follow from grace (unread)');
  expect(screen.getByTestId('dot')).toHaveTextContent('unread');
  act(() => instance.notifications.receive({ ...follow, read: true }));
  expect(screen.getByRole('listitem')).toHaveTextContent(/^follow from grace$/);
  expect(screen.getByTestId('dot')).toHaveTextContent('all read');
  act(() => instance.notifications.reset());
  expect(screen.getByRole('list')).toBeEmptyDOMElement();
});
