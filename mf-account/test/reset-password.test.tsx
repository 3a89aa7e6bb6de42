import '@testing-library/jest-dom';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccountApp } from '../src/app/AccountApp';
import {
  accountService,
  failingProxy,
  RESET_DONE,
  renderScreen,
  requestResetLink,
  unreachableUrl,
  useWebBackend,
} from './backend';

const backend = useWebBackend();

/** A token of the right shape for screens that never send it (validation, Show/Hide). */
const SOME_TOKEN = 'some-reset-token';
const RESET = 'POST /api/auth/reset-password';

async function renderReset(search?: string, service = accountService(backend().url)) {
  await renderScreen(<AccountApp path="/reset-password" search={search} />, service.sdk);
  return service;
}

/** A user registered through the gateway and the token of the reset link the auth service mailed them. */
async function userWithResetLink() {
  const sdk = await backend().signUp();
  const { email } = sdk.auth.getState().user ?? { email: '' };
  await requestResetLink(backend(), email);
  return { email, token: await backend().resetTokenFor(email) };
}

/**
 * Sends the form with real timers and waits for the back end's real answer, then fakes the timers (the redirect
 * is the screen's own 2 s timer) and hands the answer to the screen. The back end has done its work by then:
 * faking its timers while it runs would stop it (the gateway's revocation poll needs Node's own).
 */
async function submitThenFakeTimers(service: ReturnType<typeof accountService>) {
  const answer = service.holdAnswer(RESET);
  await choose(userEvent.setup(), 'new-secret');
  await service.answered(RESET);
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'queueMicrotask'] });
  answer.release();
  // The answer is in memory now: a few turns of the microtask queue are all the screen needs.
  for (let turn = 0; turn < 5; turn += 1) await act(async () => {});
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
    const { navigate, calls } = await renderReset(search);
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
  const { calls } = await renderReset(`?token=${SOME_TOKEN}`);
  await choose(user, '12345', '54321');
  expect(errorOf(password())).toBe('Password must be at least 6 characters.');
  expect(errorOf(confirmation())).toBe('Passwords do not match.');
  expect(password()).toHaveFocus();
  expect(calls).toEqual([]);
});

test('an empty form asks for 6 characters; a long enough password only needs its confirmation', async () => {
  const user = userEvent.setup();
  await renderReset(`?token=${SOME_TOKEN}`);
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
  await renderReset(`?token=${SOME_TOKEN}`);
  await choose(user, '123', '321');
  await user.type(password(), '4');
  expect(errorOf(password())).toBe('');
  expect(errorOf(confirmation())).toBe('Passwords do not match.');
  await user.type(confirmation(), '4');
  expect(errorOf(confirmation())).toBe('');
});

test('Show/Hide reveals the new password', async () => {
  const user = userEvent.setup();
  await renderReset(`?token=${SOME_TOKEN}`);
  expect(password()).toHaveAttribute('type', 'password');
  await user.click(screen.getByRole('button', { name: 'Show password' }));
  expect(password()).toHaveAttribute('type', 'text');
  await user.click(screen.getByRole('button', { name: 'Hide password' }));
  expect(password()).toHaveAttribute('type', 'password');
});

test('success shows the server’s message, then goes to /login once 2 s have passed', async () => {
  const { email, token } = await userWithResetLink();
  const service = await renderReset(`?token=${token}`);
  await submitThenFakeTimers(service);

  expect(screen.getByRole('status')).toHaveTextContent(RESET_DONE);
  expect(service.calls).toEqual([{ route: RESET, body: { token, password: 'new-secret' } }]);
  expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Sign in now' })).toHaveAttribute('href', '/login');
  expect(service.navigate).not.toHaveBeenCalled();

  act(() => jest.advanceTimersByTime(1999));
  expect(service.navigate).not.toHaveBeenCalled();
  act(() => jest.advanceTimersByTime(1));
  expect(service.navigate).toHaveBeenCalledTimes(1);
  expect(service.navigate).toHaveBeenCalledWith('/login', undefined);

  // The password really changed: the new one signs in.
  jest.useRealTimers();
  const again = accountService(backend().url).sdk;
  await expect(again.auth.login(email, 'new-secret')).resolves.toMatchObject({ email });
  again.auth.logout();
});

test('leaving the screen before the redirect cancels it', async () => {
  const { token } = await userWithResetLink();
  const service = accountService(backend().url);
  const { unmount } = await renderScreen(
    <AccountApp path="/reset-password" search={`?token=${token}`} />,
    service.sdk,
  );
  await submitThenFakeTimers(service);
  expect(screen.getByRole('status')).toHaveTextContent(RESET_DONE);
  unmount();
  act(() => jest.advanceTimersByTime(2000));
  jest.useRealTimers();
  expect(service.navigate).not.toHaveBeenCalled();
});

test('the button reads Resetting password... while busy', async () => {
  const user = userEvent.setup();
  const service = accountService(backend().url);
  const held = service.hold(RESET);
  await renderReset(`?token=${SOME_TOKEN}`, service);
  await choose(user, 'new-secret');
  expect(await screen.findByRole('button', { name: 'Resetting password...' })).toBeDisabled();
  held.release();
  // The made-up token is refused for real; the form is usable again.
  expect(await screen.findByRole('alert')).toHaveTextContent('Reset link is invalid or has expired.');
  expect(screen.getByRole('button', { name: 'Reset password' })).toBeEnabled();
});

test('an invalid or expired link shows the server’s message and no redirect', async () => {
  const user = userEvent.setup();
  const { navigate } = await renderReset('?token=expired-token');
  await choose(user, 'new-secret');
  expect(await screen.findByRole('alert')).toHaveTextContent('Reset link is invalid or has expired.');
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  expect(navigate).not.toHaveBeenCalled();
  await user.click(screen.getByRole('link', { name: 'Request a new link' }));
  expect(navigate).toHaveBeenCalledWith('/forgot-password', undefined);
});

test('a used link is refused the second time', async () => {
  const { token } = await userWithResetLink();
  const first = accountService(backend().url);
  await first.sdk.api.post('/api/auth/reset-password', { token, password: 'first-secret' });
  const user = userEvent.setup();
  await renderReset(`?token=${token}`);
  await choose(user, 'second-secret');
  expect(await screen.findByRole('alert')).toHaveTextContent('Reset link is invalid or has expired.');
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

test('a failure without a message falls back to the reset failure text', async () => {
  // Our gateway always sends a message; a bare error page comes from a proxy in front of it (see failingProxy).
  const proxy = await failingProxy();
  try {
    const user = userEvent.setup();
    await renderReset(`?token=${SOME_TOKEN}`, accountService(proxy.url));
    await choose(user, 'new-secret');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Reset failed. Try again or request a new link.',
    );
  } finally {
    await proxy.close();
  }
});

test('no answer at all falls back to the reset failure text too', async () => {
  const user = userEvent.setup();
  await renderReset(`?token=${SOME_TOKEN}`, accountService(await unreachableUrl()));
  await choose(user, 'new-secret');
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Reset failed. Try again or request a new link.',
  );
});
