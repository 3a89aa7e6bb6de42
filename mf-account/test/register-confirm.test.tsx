import '@testing-library/jest-dom';
import { StrictMode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccountApp } from '../src/app/AccountApp';
import {
  accountService,
  PASSWORD,
  registrationLink,
  renderScreen,
  unreachableUrl,
  useWebBackend,
} from './backend';

const backend = useWebBackend();
const CONFIRM = 'POST /api/auth/register/confirm';
const INVALID = 'This link is invalid or has expired.';
let counter = 0;
const freshName = () => `conf${process.pid}x${++counter}`;

async function renderConfirm(search?: string, service = accountService(backend().url)) {
  await renderScreen(
    // Strict mode mounts twice, as the shell's development build does: the link must still be sent once.
    <StrictMode>
      <AccountApp path="/register/confirm" search={search} />
    </StrictMode>,
    service.sdk,
  );
  return service;
}

test.each([undefined, '', '?token=', '?token=%20'])(
  'without a token (%p): Invalid Link, a way to register again, nothing sent',
  async (search) => {
    const { calls, navigate } = await renderConfirm(search);
    expect(screen.getByRole('heading', { name: 'Invalid Link' })).toBeInTheDocument();
    expect(screen.getByText(INVALID)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Register again' }));
    expect(navigate).toHaveBeenCalledWith('/register', undefined);
    expect(calls).toEqual([]);
  },
);

test('the link creates the account and signs in, then /feed, as a registration did', async () => {
  const username = freshName();
  const token = await registrationLink(backend(), username);
  const service = accountService(backend().url);
  const held = service.holdAnswer(CONFIRM);
  const { sdk, calls, navigate } = await renderConfirm(`?token=${token}`, service);

  expect(await screen.findByRole('status')).toHaveTextContent('Creating your account');
  expect(screen.getByRole('heading', { name: 'Finishing your account' })).toBeInTheDocument();
  await service.answered(CONFIRM);
  held.release();

  await waitFor(() => expect(navigate).toHaveBeenCalledWith('/feed', undefined));
  expect(calls).toEqual([{ route: CONFIRM, body: { token } }]);
  expect(sdk.auth.getState()).toMatchObject({
    authenticated: true,
    user: { username, email: `${username}@example.com` },
  });
  // The password chosen at registration is the account's.
  const again = accountService(backend().url).sdk;
  await expect(again.auth.login(`${username}@example.com`, PASSWORD)).resolves.toMatchObject({ username });
  again.auth.logout();
});

test('a link used already (in another browser): the server’s message, a way to register again, no session', async () => {
  const token = await registrationLink(backend(), freshName());
  const elsewhere = await fetch(`${backend().url}/api/auth/register/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  expect(elsewhere.status).toBe(201);

  const { sdk, navigate } = await renderConfirm(`?token=${token}`);
  const heading = await screen.findByRole('heading', { name: 'We could not finish your account' });
  expect(heading).toHaveFocus();
  expect(screen.getByRole('alert')).toHaveTextContent(INVALID);
  expect(screen.getByRole('link', { name: 'Register again' })).toHaveAttribute('href', '/register');
  expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  expect(navigate).not.toHaveBeenCalled();
  expect(sdk.auth.getState().authenticated).toBe(false);
});

test('a username taken before the click: the server says so, and offers to register again', async () => {
  const token = await registrationLink(backend(), 'racer', 'racer1@example.com');
  await backend().signUp('RACER');
  const { navigate } = await renderConfirm(`?token=${token}`);
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Someone took this username before you confirmed. Please register again with another one.',
  );
  expect(screen.getByRole('link', { name: 'Register again' })).toBeInTheDocument();
  expect(navigate).not.toHaveBeenCalled();
});

test('no answer at all: Registration failed, and Try again sends the link again', async () => {
  const service = accountService(await unreachableUrl());
  await renderConfirm('?token=some-token', service);
  expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed');
  expect(service.calls).toHaveLength(1);
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  await waitFor(() => expect(service.calls).toHaveLength(2));
  expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed');
});
