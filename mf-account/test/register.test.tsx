import '@testing-library/jest-dom';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccountApp } from '../src/app/AccountApp';
import { accountService, renderScreen, unreachableUrl, useWebBackend } from './backend';

const backend = useWebBackend();

async function renderRegister(service = accountService(backend().url)) {
  await renderScreen(<AccountApp path="/register" />, service.sdk);
  return service;
}

const field = (label: string) => screen.getByLabelText(label, { exact: true });
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create Account' }));

/** The error line a field is described by ('' when it has none). */
function errorOf(label: string): string {
  const input = field(label);
  const id = input.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? '') : '';
}

async function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await userEvent.clear(field(label));
    if (value) await userEvent.type(field(label), value);
  }
}

test('an empty form shows the required message of each field, and sends nothing', async () => {
  const { calls } = await renderRegister();
  await submit();
  expect(errorOf('Username')).toBe('Username is required');
  expect(errorOf('Email')).toBe('Email is required');
  expect(errorOf('Password')).toBe('Password is required');
  expect(errorOf('Confirm password')).toBe('');
  expect(field('Username')).toHaveAttribute('aria-invalid', 'true');
  expect(field('Username')).toHaveFocus();
  expect(calls).toEqual([]);
});

test('too short, malformed and mismatched values show their §5 messages', async () => {
  const { calls } = await renderRegister();
  await fill({ Username: 'ab', Email: 'not-an-email', Password: '12345', 'Confirm password': '54321' });
  await submit();
  expect(errorOf('Username')).toBe('Username must be at least 3 characters');
  expect(errorOf('Email')).toBe('Please enter a valid email');
  expect(errorOf('Password')).toBe('Password must be at least 6 characters');
  expect(errorOf('Confirm password')).toBe('Passwords do not match');
  expect(calls).toEqual([]);
});

test('an email without a dotted domain is not valid', async () => {
  await renderRegister();
  await fill({
    Username: 'ada',
    Email: 'ada@example',
    Password: 'secret123',
    'Confirm password': 'secret123',
  });
  await submit();
  expect(errorOf('Email')).toBe('Please enter a valid email');
  expect(errorOf('Username')).toBe('');
  expect(errorOf('Password')).toBe('');
  expect(errorOf('Confirm password')).toBe('');
});

test('each field’s error clears when that field is edited, and only that one', async () => {
  await renderRegister();
  await submit();
  await userEvent.type(field('Username'), 'a');
  expect(errorOf('Username')).toBe('');
  expect(field('Username')).not.toHaveAttribute('aria-invalid');
  expect(errorOf('Email')).toBe('Email is required');
  expect(errorOf('Password')).toBe('Password is required');

  await userEvent.type(field('Email'), 'a');
  expect(errorOf('Email')).toBe('');
  await userEvent.type(field('Password'), 'a');
  expect(errorOf('Password')).toBe('');
});

test('the mismatch error clears when the confirmation is edited', async () => {
  await renderRegister();
  await fill({
    Username: 'ada',
    Email: 'ada@example.com',
    Password: 'secret123',
    'Confirm password': 'secret12',
  });
  await submit();
  expect(errorOf('Confirm password')).toBe('Passwords do not match');
  await userEvent.type(field('Confirm password'), '3');
  expect(errorOf('Confirm password')).toBe('');
});

test('a server conflict shows once, on its field (focused), and clears when that field is edited', async () => {
  await backend().signUp('taken');
  const { navigate } = await renderRegister();
  await fill({
    Username: 'taken',
    Email: 'someone-else@example.com',
    Password: 'secret123',
    'Confirm password': 'secret123',
  });
  await submit();
  await screen.findByText('Username is already taken');
  expect(screen.getAllByText('Username is already taken')).toHaveLength(1);
  expect(errorOf('Username')).toBe('Username is already taken');
  expect(field('Username')).toHaveFocus();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(navigate).not.toHaveBeenCalled();

  await userEvent.type(field('Username'), '2');
  expect(errorOf('Username')).toBe('');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('without a server message (no answer at all) the banner says Registration failed', async () => {
  await renderRegister(accountService(await unreachableUrl()));
  await fill({
    Username: 'ada',
    Email: 'ada@example.com',
    Password: 'secret123',
    'Confirm password': 'secret123',
  });
  await submit();
  expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed');
});

const PENDING = 'Check your inbox: we sent you a link to finish creating your account.';

test('the button reads Creating account... while busy; success says to check the inbox, signs nobody in', async () => {
  const service = accountService(backend().url);
  const held = service.hold('POST /api/auth/register');
  const { sdk, calls, navigate } = await renderRegister(service);
  await fill({ Username: ' ada ', Email: 'a@b.co', Password: 'secret123', 'Confirm password': 'secret123' });
  await submit();
  expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled();
  expect(calls).toEqual([
    { route: 'POST /api/auth/register', body: { username: 'ada', email: 'a@b.co', password: 'secret123' } },
  ]);
  held.release();

  const heading = await screen.findByRole('heading', { level: 1, name: 'Check your inbox' });
  // The control that was used is gone: reading starts at the new title.
  expect(heading).toHaveFocus();
  expect(screen.getByRole('status')).toHaveTextContent(PENDING);
  expect(screen.getByText('a@b.co')).toBeInTheDocument();
  expect(screen.queryByRole('form', { name: 'Create account' })).not.toBeInTheDocument();
  expect(navigate).not.toHaveBeenCalled();
  expect(sdk.auth.getState()).toMatchObject({ user: null, token: null, authenticated: false });

  // The account exists only once the mailed link is opened: ada cannot sign in yet.
  const again = accountService(backend().url).sdk;
  await expect(again.auth.login('a@b.co', 'secret123')).rejects.toMatchObject({ status: 401 });
});

test('an address that already has an account gets the very same screen', async () => {
  await backend().signUp('owner1');
  await renderRegister();
  await fill({
    Username: 'newcomer',
    Email: 'owner1@example.com',
    Password: 'secret123',
    'Confirm password': 'secret123',
  });
  await submit();
  expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent(PENDING);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('Use another email goes back to the form, values kept and the email field focused', async () => {
  await renderRegister();
  await fill({
    Username: 'typo',
    Email: 'typo@exmaple.com',
    Password: 'secret123',
    'Confirm password': 'secret123',
  });
  await submit();
  await userEvent.click(await screen.findByRole('button', { name: 'Use another email' }));
  expect(field('Email')).toHaveValue('typo@exmaple.com');
  expect(field('Username')).toHaveValue('typo');
  expect(field('Email')).toHaveFocus();
});

test('Show/Hide reveals the password', async () => {
  await renderRegister();
  await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
  expect(field('Password')).toHaveAttribute('type', 'text');
});
