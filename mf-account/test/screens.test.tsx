import '@testing-library/jest-dom';
import { screen, waitFor } from '@testing-library/react';
import { AccountApp } from '../src/app/AccountApp';
import { accountService, renderWithSdk, useWebBackend } from './backend';
import { logOutEveryone, signedInMember } from './settingsHarness';

// Each route's screen is a chunk of its own (loaded the first time the route shows). Every test here opens a route
// for the first time in this file, so each sees its screen's skeleton before the screen.

const backend = useWebBackend();

afterEach(() => logOutEveryone());

/** The skeleton a screen shows while its code loads: a busy region that says it is loading, as the shell reads it. */
function expectSkeleton(status = 'Loading') {
  expect(screen.getByRole('status')).toHaveTextContent(status);
  expect(screen.getByRole('status').closest('[aria-busy="true"]')).toBeInTheDocument();
}

/** The screen has replaced its skeleton: nothing on the page is busy any more. */
async function expectLoaded(title: string) {
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).not.toBeInTheDocument());
}

test.each([
  ['/login', undefined, 'Welcome back'],
  ['/register', undefined, 'Create your account'],
  ['/register/confirm', undefined, 'Invalid Link'],
  ['/forgot-password', undefined, 'Forgot your password?'],
  ['/reset-password', '?token=some-token', 'Choose a new password'],
  ['/not-an-account-page', undefined, 'Page not found'],
])('%s%s: the card skeleton, then the screen with its texts', async (path, search, title) => {
  renderWithSdk(<AccountApp path={path} search={search} />, accountService(backend().url).sdk);
  expectSkeleton();
  expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  await expectLoaded(title);
});

test('/logout-confirm: the card skeleton, then the question with Cancel and Logout', async () => {
  const { sdk } = await signedInMember(backend());
  renderWithSdk(<AccountApp path="/logout-confirm" />, sdk);
  expectSkeleton();
  await expectLoaded('Logout from DevCircle?');
  expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
});

test('/settings: the title and the four cards at once, their controls once the code and the privacy value arrive', async () => {
  const { sdk } = await signedInMember(backend());
  renderWithSdk(<AccountApp path="/settings" />, sdk);
  expectSkeleton('Loading settings');
  // The skeleton already says what the screen will hold, in the same places; no control works yet.
  expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
  for (const name of ['Change Password', 'Email Notifications', 'Account Privacy', 'Delete Account'])
    expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
  expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  expect(screen.queryByRole('button')).not.toBeInTheDocument();

  expect(await screen.findByRole('switch', { name: 'Private account' })).toBeInTheDocument();
  await expectLoaded('Settings');
  expect(screen.getAllByRole('switch')).toHaveLength(4);
  expect(screen.getByRole('button', { name: 'Update Password' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Delete Account' })).toBeInTheDocument();
});
