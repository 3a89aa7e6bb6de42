import { act, render, screen } from '@testing-library/react';
import '@testing-library/jest-dom';
import { createSdk, memoryStorage, sdk } from '../src';
import { SdkProvider, useAuth, useSdk, useUnread } from '../src/react';

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
  expect(screen.getByTestId('version')).toHaveTextContent('1.0.0');
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
