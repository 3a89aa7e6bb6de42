import '@testing-library/jest-dom';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccountApp } from '../src/app/AccountApp';
import { fakeAuthService, heldReply, renderWithSdk, type Route } from './fakeAuthService';

const SENT = 'If an account with that email exists, a reset link has been sent.';

function renderForgot(overrides: Record<string, Route> = {}) {
  const service = fakeAuthService(overrides);
  renderWithSdk(<AccountApp path="/forgot-password" />, service.sdk);
  return service;
}

async function requestLink(email = 'ada@example.com') {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
}

test('the email field is a required email input inside a labelled form', () => {
  renderForgot();
  expect(screen.getByRole('form', { name: 'Forgot password' })).toBeInTheDocument();
  const email = screen.getByLabelText('Email');
  expect(email).toHaveAttribute('type', 'email');
  expect(email).toBeRequired();
});

test('success shows the fixed text and sends the trimmed email', async () => {
  const { calls } = renderForgot();
  await requestLink('  ada@example.com ');
  expect(await screen.findByRole('status')).toHaveTextContent(SENT);
  expect(calls).toEqual([{ route: 'POST /api/auth/forgot-password', body: { email: 'ada@example.com' } }]);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('the success text stays fixed whatever the server says', async () => {
  renderForgot({
    'POST /api/auth/forgot-password': () => ({
      status: 200,
      body: { message: 'Mail queued for ada@example.com' },
    }),
  });
  await requestLink();
  expect(await screen.findByRole('status')).toHaveTextContent(SENT);
  expect(screen.queryByText(/Mail queued/)).not.toBeInTheDocument();
});

test('the button reads Sending... while the request is out', async () => {
  const held = heldReply({ status: 200, body: { message: SENT } });
  renderForgot({ 'POST /api/auth/forgot-password': held.route });
  await requestLink();
  expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
  await act(async () => held.release());
  expect(screen.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
  expect(screen.getByRole('status')).toHaveTextContent(SENT);
});

test('a failure shows the server’s message', async () => {
  renderForgot({
    'POST /api/auth/forgot-password': () => ({
      status: 429,
      body: { message: 'Too many requests, try again later' },
    }),
  });
  await requestLink();
  expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests, try again later');
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

test('a failure without a message falls back to the generic text', async () => {
  renderForgot({ 'POST /api/auth/forgot-password': () => ({ status: 500 }) });
  await requestLink();
  expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
});

test('no answer at all falls back to the generic text too, and editing the email clears it', async () => {
  renderForgot({ 'POST /api/auth/forgot-password': () => 'network' });
  await requestLink();
  expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  await userEvent.type(screen.getByLabelText('Email'), 'x');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('the link back to sign in goes to /login', async () => {
  const { navigate } = renderForgot();
  await userEvent.click(screen.getByRole('link', { name: 'Back to sign in' }));
  expect(navigate).toHaveBeenCalledWith('/login', undefined);
});
