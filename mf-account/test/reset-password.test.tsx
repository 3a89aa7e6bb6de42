import '@testing-library/jest-dom';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccountApp } from '../src/app/AccountApp';
import { fakeAuthService, GOOD_RESET_TOKEN, RESET_DONE, renderWithSdk, type Route } from './fakeAuthService';

function renderReset(search?: string, overrides: Record<string, Route> = {}) {
  const service = fakeAuthService(overrides);
  renderWithSdk(<AccountApp path="/reset-password" search={search} />, service.sdk);
  return service;
}

const password = () => screen.getByLabelText('New password');
const confirmation = () => screen.getByLabelText('Confirm new password');

/** The error line a field is described by ('' when it has none). */
function errorOf(input: HTMLElement): string {
  const id = input.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? '') : '';
}

async function choose(user: ReturnType<typeof userEvent.setup>, next: string, confirm = next) {
  if (next) await user.type(password(), next);
  if (confirm) await user.type(confirmation(), confirm);
  await user.click(screen.getByRole('button', { name: 'Reset password' }));
}

afterEach(() => jest.useRealTimers());

test.each([undefined, '', '?token=', '?token=%20', '?other=1'])(
  'without a token (%p) the screen says Invalid Link and offers a new one',
  async (search) => {
    const { navigate, calls } = renderReset(search);
    expect(screen.getByRole('heading', { name: 'Invalid Link' })).toBeInTheDocument();
    expect(screen.getByText('Reset token is missing or invalid.')).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Request a new link' }));
    expect(navigate).toHaveBeenCalledWith('/forgot-password', undefined);
    expect(calls).toEqual([]);
    await userEvent.click(screen.getByRole('link', { name: 'Back to sign in' }));
    expect(navigate).toHaveBeenLastCalledWith('/login', undefined);
  },
);

test('a short password and a mismatch show their messages and send nothing', async () => {
  const user = userEvent.setup();
  const { calls } = renderReset(`?token=${GOOD_RESET_TOKEN}`);
  await choose(user, '12345', '54321');
  expect(errorOf(password())).toBe('Password must be at least 6 characters.');
  expect(errorOf(confirmation())).toBe('Passwords do not match.');
  expect(password()).toHaveFocus();
  expect(calls).toEqual([]);
});

test('an empty form asks for 6 characters; a long enough password only needs its confirmation', async () => {
  const user = userEvent.setup();
  renderReset(`?token=${GOOD_RESET_TOKEN}`);
  await choose(user, '');
  expect(errorOf(password())).toBe('Password must be at least 6 characters.');
  expect(errorOf(confirmation())).toBe('');

  await choose(user, 'secret123', '');
  expect(errorOf(password())).toBe('');
  expect(errorOf(confirmation())).toBe('Passwords do not match.');
  expect(confirmation()).toHaveFocus();
});

test('each field’s message clears when that field is edited', async () => {
  const user = userEvent.setup();
  renderReset(`?token=${GOOD_RESET_TOKEN}`);
  await choose(user, '123', '321');
  await user.type(password(), '4');
  expect(errorOf(password())).toBe('');
  expect(errorOf(confirmation())).toBe('Passwords do not match.');
  await user.type(confirmation(), '4');
  expect(errorOf(confirmation())).toBe('');
});

test('Show/Hide reveals the new password', async () => {
  const user = userEvent.setup();
  renderReset(`?token=${GOOD_RESET_TOKEN}`);
  expect(password()).toHaveAttribute('type', 'password');
  await user.click(screen.getByRole('button', { name: 'Show password' }));
  expect(password()).toHaveAttribute('type', 'text');
  await user.click(screen.getByRole('button', { name: 'Hide password' }));
  expect(password()).toHaveAttribute('type', 'password');
});

test('success shows the server’s message, then goes to /login once 2 s have passed', async () => {
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const { calls, navigate } = renderReset(`?token=${GOOD_RESET_TOKEN}`);
  await choose(user, 'new-secret');

  expect(await screen.findByRole('status')).toHaveTextContent(RESET_DONE);
  expect(calls).toEqual([
    { route: 'POST /api/auth/reset-password', body: { token: GOOD_RESET_TOKEN, password: 'new-secret' } },
  ]);
  expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Sign in now' })).toHaveAttribute('href', '/login');
  expect(navigate).not.toHaveBeenCalled();

  act(() => jest.advanceTimersByTime(2000));
  expect(navigate).toHaveBeenCalledTimes(1);
  expect(navigate).toHaveBeenCalledWith('/login', undefined);
});

test('leaving the screen before the redirect cancels it', async () => {
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const service = fakeAuthService();
  const { unmount } = renderWithSdk(
    <AccountApp path="/reset-password" search={`?token=${GOOD_RESET_TOKEN}`} />,
    service.sdk,
  );
  await choose(user, 'new-secret');
  await screen.findByRole('status');
  unmount();
  act(() => jest.advanceTimersByTime(2000));
  expect(service.navigate).not.toHaveBeenCalled();
});

test('the button reads Resetting password... while busy', async () => {
  const user = userEvent.setup();
  let release: () => void = () => {};
  renderReset(`?token=${GOOD_RESET_TOKEN}`, {
    'POST /api/auth/reset-password': () =>
      new Promise((resolve) => {
        release = () => resolve({ status: 400, body: { message: 'Reset link is invalid or has expired.' } });
      }),
  });
  await choose(user, 'new-secret');
  expect(await screen.findByRole('button', { name: 'Resetting password...' })).toBeDisabled();
  await act(async () => release());
  expect(screen.getByRole('button', { name: 'Reset password' })).toBeEnabled();
});

test('an invalid or expired link shows the server’s message and no redirect', async () => {
  const user = userEvent.setup();
  const { navigate } = renderReset('?token=expired-token');
  await choose(user, 'new-secret');
  expect(await screen.findByRole('alert')).toHaveTextContent('Reset link is invalid or has expired.');
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  expect(navigate).not.toHaveBeenCalled();
  await user.click(screen.getByRole('link', { name: 'Request a new link' }));
  expect(navigate).toHaveBeenCalledWith('/forgot-password', undefined);
});

test('a failure without a message falls back to the reset failure text', async () => {
  const user = userEvent.setup();
  renderReset(`?token=${GOOD_RESET_TOKEN}`, { 'POST /api/auth/reset-password': () => ({ status: 500 }) });
  await choose(user, 'new-secret');
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Reset failed. Try again or request a new link.',
  );
});

test('no answer at all falls back to the reset failure text too', async () => {
  const user = userEvent.setup();
  renderReset(`?token=${GOOD_RESET_TOKEN}`, { 'POST /api/auth/reset-password': () => 'network' });
  await choose(user, 'new-secret');
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Reset failed. Try again or request a new link.',
  );
});
