import '@testing-library/jest-dom';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccountApp } from '../src/app/AccountApp';
import {
  accountService,
  failingProxy,
  renderScreen,
  requestResetLink,
  unreachableUrl,
  useWebBackend,
} from './backend';

const SENT = 'If an account with that email exists, a reset link has been sent.';

const backend = useWebBackend();

async function renderForgot(service = accountService(backend().url)) {
  await renderScreen(<AccountApp path="/forgot-password" />, service.sdk);
  return service;
}

async function requestLink(email = 'ada@example.com') {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
}

test('the email field is a required email input inside a labelled form', async () => {
  await renderForgot();
  expect(screen.getByRole('form', { name: 'Forgot password' })).toBeInTheDocument();
  const email = screen.getByLabelText('Email');
  expect(email).toHaveAttribute('type', 'email');
  expect(email).toBeRequired();
});

test('success shows the fixed text and sends the trimmed email', async () => {
  await backend().signUp('ada');
  const { calls } = await renderForgot();
  await requestLink('  ada@example.com ');
  expect(await screen.findByRole('status')).toHaveTextContent(SENT);
  expect(calls).toEqual([{ route: 'POST /api/auth/forgot-password', body: { email: 'ada@example.com' } }]);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  // The auth service really mailed ada a reset link.
  await expect(backend().resetTokenFor('ada@example.com')).resolves.toMatch(/^[\w-]{20,}$/);
});

test('the success text stays fixed whether or not the address has an account', async () => {
  // The service answers the same for both (so does the screen): nothing reveals whether an account exists.
  await renderForgot();
  await requestLink('nobody-here@example.com');
  expect(await screen.findByRole('status')).toHaveTextContent(SENT);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('the button reads Sending... while the request is out', async () => {
  const service = accountService(backend().url);
  const held = service.hold('POST /api/auth/forgot-password');
  await renderForgot(service);
  await requestLink();
  expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
  held.release();
  expect(await screen.findByRole('status')).toHaveTextContent(SENT);
  expect(screen.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
});

test('a failure shows the server’s message', async () => {
  // The gateway allows 5 requests per address an hour; the screen's is the 6th.
  for (let attempt = 1; attempt <= 5; attempt += 1) await requestResetLink(backend(), 'limited@example.com');
  await renderForgot();
  await requestLink('limited@example.com');
  expect(await screen.findByRole('alert')).toHaveTextContent(
    /^Too many attempts\. Please try again in \d+ minutes?\.$/,
  );
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

test('a failure without a message falls back to the generic text', async () => {
  // Our gateway always sends a message; a bare error page comes from a proxy in front of it (see failingProxy).
  const proxy = await failingProxy();
  try {
    await renderForgot(accountService(proxy.url));
    await requestLink();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  } finally {
    await proxy.close();
  }
});

test('no answer at all falls back to the generic text too, and editing the email clears it', async () => {
  await renderForgot(accountService(await unreachableUrl()));
  await requestLink();
  expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  await userEvent.type(screen.getByLabelText('Email'), 'x');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('the link back to sign in goes to /login', async () => {
  const { navigate } = await renderForgot();
  await userEvent.click(screen.getByRole('link', { name: 'Back to sign in' }));
  expect(navigate).toHaveBeenCalledWith('/login', undefined);
});
