import '@testing-library/jest-dom';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccountApp } from '../src/app/AccountApp';
import { fakeAuthService, heldReply, KNOWN_USER, renderWithSdk } from './fakeAuthService';

function renderLogin(service = fakeAuthService()) {
  renderWithSdk(<AccountApp path="/login" />, service.sdk);
  const form = screen.getByRole('form', { name: 'Sign in' });
  return { ...service, form };
}

afterEach(() => jest.restoreAllMocks());

test('a failed sign-in shows the server’s message in a banner that clears when a field is edited', async () => {
  const user = userEvent.setup();
  const { navigate } = renderLogin();
  await user.type(screen.getByLabelText('Email'), 'nobody@example.com');
  await user.type(screen.getByLabelText('Password'), 'wrong-password');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));

  expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  expect(navigate).not.toHaveBeenCalled();

  await user.type(screen.getByLabelText('Password'), 'x');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('without a server message the banner says Login failed', async () => {
  const user = userEvent.setup();
  renderLogin(fakeAuthService({ 'POST /api/auth/login': () => ({ status: 500 }) }));
  await user.type(screen.getByLabelText('Email'), KNOWN_USER.email);
  await user.type(screen.getByLabelText('Password'), KNOWN_USER.password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
});

test('the button reads Signing in... while busy, then success goes to /feed', async () => {
  const user = userEvent.setup();
  const held = heldReply({
    status: 200,
    body: { token: 'token-1', user: { id: 'u1', username: 'ada', email: KNOWN_USER.email } },
  });
  const { sdk, navigate, calls } = renderLogin(fakeAuthService({ 'POST /api/auth/login': held.route }));
  await user.type(screen.getByLabelText('Email'), ` ${KNOWN_USER.email} `);
  await user.type(screen.getByLabelText('Password'), KNOWN_USER.password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));

  const busy = await screen.findByRole('button', { name: 'Signing in...' });
  expect(busy).toBeDisabled();
  expect(calls).toEqual([{ route: 'POST /api/auth/login', body: KNOWN_USER }]);

  await act(async () => held.release());
  expect(navigate).toHaveBeenCalledWith('/feed', undefined);
  expect(sdk.auth.getState().user?.username).toBe('ada');
  sdk.auth.logout();
});

test('Show/Hide switches the password between hidden and visible', async () => {
  const user = userEvent.setup();
  renderLogin();
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
  const { navigate } = renderLogin();
  await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
  expect(navigate).toHaveBeenLastCalledWith('/forgot-password', undefined);
  await user.click(screen.getByRole('link', { name: 'Create account' }));
  expect(navigate).toHaveBeenLastCalledWith('/register', undefined);
});
