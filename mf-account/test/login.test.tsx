import '@testing-library/jest-dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccountApp } from '../src/app/AccountApp';
import { accountService, PASSWORD, renderScreen, unreachableUrl, useWebBackend } from './backend';

const backend = useWebBackend();

async function renderLogin(service = accountService(backend().url)) {
  await renderScreen(<AccountApp path="/login" />, service.sdk);
  const form = screen.getByRole('form', { name: 'Sign in' });
  return { ...service, form };
}

afterEach(() => jest.restoreAllMocks());

test('a failed sign-in shows the server’s message in a banner that clears when a field is edited', async () => {
  const user = userEvent.setup();
  const { navigate } = await renderLogin();
  await user.type(screen.getByLabelText('Email'), 'nobody@example.com');
  await user.type(screen.getByLabelText('Password'), 'wrong-password');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));

  expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  expect(navigate).not.toHaveBeenCalled();

  await user.type(screen.getByLabelText('Password'), 'x');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('without a server message (no answer at all) the banner says Login failed', async () => {
  const user = userEvent.setup();
  await renderLogin(accountService(await unreachableUrl()));
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
});

test('the button reads Signing in... while busy, then success goes to /feed', async () => {
  const user = userEvent.setup();
  await backend().signUp('ada');
  const service = accountService(backend().url);
  const held = service.hold('POST /api/auth/login');
  const { sdk, navigate, calls } = await renderLogin(service);
  await user.type(screen.getByLabelText('Email'), ' ada@example.com ');
  await user.type(screen.getByLabelText('Password'), PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));

  const busy = await screen.findByRole('button', { name: 'Signing in...' });
  expect(busy).toBeDisabled();
  expect(calls).toEqual([
    { route: 'POST /api/auth/login', body: { email: 'ada@example.com', password: PASSWORD } },
  ]);

  held.release();
  await waitFor(() => expect(navigate).toHaveBeenCalledWith('/feed', undefined));
  expect(sdk.auth.getState().user?.username).toBe('ada');
  sdk.auth.logout();
});

test('Show/Hide switches the password between hidden and visible', async () => {
  const user = userEvent.setup();
  await renderLogin();
  const password = screen.getByLabelText('Password');
  expect(password).toHaveAttribute('type', 'password');

  await user.click(screen.getByRole('button', { name: 'Show password' }));
  expect(password).toHaveAttribute('type', 'text');
  expect(screen.getByRole('button', { name: 'Hide password' })).toHaveTextContent('Hide');

  await user.click(screen.getByRole('button', { name: 'Hide password' }));
  expect(password).toHaveAttribute('type', 'password');
});

test('the Forgot password and Create account links navigate through the SDK', async () => {
  const user = userEvent.setup();
  const { navigate } = await renderLogin();
  await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
  expect(navigate).toHaveBeenLastCalledWith('/forgot-password', undefined);
  await user.click(screen.getByRole('link', { name: 'Create account' }));
  expect(navigate).toHaveBeenLastCalledWith('/register', undefined);
});
