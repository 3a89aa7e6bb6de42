import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditProfileScreen } from '../src/features/edit-profile/EditProfileScreen';
import { REDIRECT_AFTER_SAVE_MS } from '../src/features/edit-profile/useSaveProfile';
import { holdRequests } from '../../test-support/hold-requests';
import { renderWithSdk, startWebBackend, type WebBackend } from './harness';
import { editProfile, idOf, profileOf, signUpWithProfile } from './users';

let backend: WebBackend;

beforeAll(async () => {
  backend = await startWebBackend();
}, 60_000);

afterAll(() => backend.stop());

const skillChips = () =>
  within(screen.getByRole('list', { name: 'Your skills' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

test('the form starts with the saved profile', async () => {
  const ada = await signUpWithProfile(backend, 'ada');
  await editProfile(ada, {
    displayName: 'Ada L',
    bio: 'Engines',
    skills: ['Math'],
    githubLink: 'https://github.com/ada',
  });
  renderWithSdk(ada, <EditProfileScreen />);
  expect(await screen.findByRole('textbox', { name: 'Display Name' })).toHaveValue('Ada L');
  expect(screen.getByRole('textbox', { name: 'Bio' })).toHaveValue('Engines');
  expect(screen.getByText('7/500')).toBeInTheDocument();
  expect(skillChips()).toEqual(['Math']);
  expect(screen.getByRole('textbox', { name: 'GitHub Profile URL' })).toHaveValue('https://github.com/ada');
  expect(screen.getByRole('textbox', { name: 'GitHub Profile URL' })).toHaveAttribute('type', 'url');
  // No browser URL check (it would block Save on a field of spaces); the server validates the link.
  expect(screen.getByRole('form', { name: 'Edit profile' })).toHaveAttribute('novalidate');
  expect(screen.getByRole('textbox', { name: 'Display Name' })).toHaveAttribute('maxLength', '50');
  expect(screen.getByRole('textbox', { name: 'Bio' })).toHaveAttribute('maxLength', '500');
  expect(screen.getByRole('textbox', { name: 'Skills' })).toHaveAttribute('maxLength', '30');
});

test('skills: Add disabled when blank, Enter adds, trimmed, no duplicates, removable with x', async () => {
  const bob = await signUpWithProfile(backend, 'bob');
  renderWithSdk(bob, <EditProfileScreen />);
  const input = await screen.findByRole('textbox', { name: 'Skills' });
  const add = screen.getByRole('button', { name: 'Add' });
  expect(add).toBeDisabled();
  await userEvent.type(input, '   ');
  expect(add).toBeDisabled();

  await userEvent.clear(input);
  await userEvent.type(input, '  TypeScript  {Enter}');
  expect(skillChips()).toEqual(['TypeScript']);
  expect(input).toHaveValue('');
  // Enter added the skill; it did not submit the form.
  expect(screen.queryByText('Saving Changes...')).not.toBeInTheDocument();

  await userEvent.type(input, 'typescript');
  await userEvent.click(add);
  expect(skillChips()).toEqual(['TypeScript']);

  await userEvent.type(input, 'Go');
  await userEvent.click(add);
  expect(skillChips()).toEqual(['TypeScript', 'Go']);
  await userEvent.click(screen.getByRole('button', { name: 'Remove Go' }));
  expect(skillChips()).toEqual(['TypeScript']);
});

test('save round trip: trimmed values, a URL of spaces removes the link, "Saving Changes...", profile after 2 s', async () => {
  const eve = await signUpWithProfile(backend, 'eve');
  await editProfile(eve, { githubLink: 'https://github.com/eve' });
  const view = renderWithSdk(eve, <EditProfileScreen />);
  const name = await screen.findByRole('textbox', { name: 'Display Name' });
  expect(name).toHaveValue('eve');
  await userEvent.clear(name);
  await userEvent.type(name, '  Eve Adams  ');
  await userEvent.type(screen.getByRole('textbox', { name: 'Bio' }), '  Hello there  ');
  expect(screen.getByText('15/500')).toBeInTheDocument();
  await userEvent.type(screen.getByRole('textbox', { name: 'Skills' }), 'Rust{Enter}');
  const url = screen.getByRole('textbox', { name: 'GitHub Profile URL' });
  await userEvent.clear(url);
  await userEvent.type(url, '   ');

  const held = holdRequests(
    (method, address) => method === 'PUT' && address.endsWith(`/api/users/${idOf(eve)}`),
  );
  try {
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('button', { name: 'Saving Changes...' })).toBeDisabled();
    held.release();
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
  } finally {
    held.restore();
  }
  // The message shows first; the profile opens on the product's timer, the spec's 2 s (never asserted by the clock:
  // on a loaded machine the message is noticed late, which made a measured wait of 1,900 ms fail at 1,868).
  expect(view.navigations).toEqual([]);
  expect(REDIRECT_AFTER_SAVE_MS).toBe(2000);

  const saved = (await profileOf(eve, 'eve')).user;
  expect(saved).toMatchObject({ displayName: 'Eve Adams', bio: 'Hello there', skills: ['Rust'] });
  // Spaces count as empty, and an empty field removes the link (issue 21).
  expect(saved.githubLink).toBe('');
  // The session user carries the new name (the top bar reads it).
  expect(eve.auth.getState().user?.displayName).toBe('Eve Adams');

  await waitFor(() => expect(view.navigations).toEqual(['/profile/eve']), { timeout: 4000 });
});

test('a refused save shows the server message and keeps the form', async () => {
  const fay = await signUpWithProfile(backend, 'fay');
  const view = renderWithSdk(fay, <EditProfileScreen />);
  const url = await screen.findByRole('textbox', { name: 'GitHub Profile URL' });
  // A valid URL for the browser, but not http(s): the server refuses it.
  await userEvent.type(url, 'ftp://files.example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).not.toBe('');
  expect(alert.textContent).not.toBe('Failed to update profile');
  expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  expect(view.navigations).toEqual([]);
});

test('Cancel goes back to the profile without saving', async () => {
  const gus = await signUpWithProfile(backend, 'gus');
  const view = renderWithSdk(gus, <EditProfileScreen />);
  await userEvent.type(await screen.findByRole('textbox', { name: 'Display Name' }), 'Changed');
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(view.navigations).toEqual(['/profile/gus']);
  expect((await profileOf(gus, 'gus')).user.displayName).not.toBe('Changed');
});
