import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProfileScreen } from '../src/features/profile/ProfileScreen';
import { renderWithSdk, startWebBackend, type WebBackend } from './harness';
import { follow, profileOf, signUpWithProfile } from './users';

let backend: WebBackend;

beforeAll(async () => {
  backend = await startWebBackend();
}, 60_000);

afterAll(() => backend.stop());

test("the profile's ⋯ menu mutes and blocks (asking first); the blocked member then finds the profile not found", async () => {
  const ada = await signUpWithProfile(backend, 'ada');
  const bob = await signUpWithProfile(backend, 'bob');
  await follow(bob, 'ada');
  renderWithSdk(ada, <ProfileScreen username="bob" />);
  const user = userEvent.setup();
  const more = await screen.findByRole('button', { name: 'More actions for @bob' });

  await user.click(more);
  await user.click(await screen.findByRole('menuitem', { name: 'Mute @bob' }));
  expect(await screen.findByText(/You muted @bob\./)).toBeInTheDocument();
  await user.click(more);
  expect(await screen.findByRole('menuitem', { name: 'Unmute @bob' })).toBeInTheDocument();
  // Reporting the profile is offered beside them (issue 20, docs/moderation.md).
  expect(screen.getByRole('menuitem', { name: 'Report @bob' })).toBeInTheDocument();

  await user.click(screen.getByRole('menuitem', { name: 'Block @bob' }));
  const dialog = await screen.findByRole('dialog', { name: 'Block @bob?' });
  await user.click(within(dialog).getByRole('button', { name: 'Block' }));
  expect(await screen.findByText(/You blocked @bob\./)).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('button', { name: /^Follow/ })).toBeNull());
  // The follow bob had ended with the block: the profile, read again, says so.
  expect(await screen.findByRole('link', { name: '0 Following' })).toBeInTheDocument();
  expect((await profileOf(ada, 'ada')).user.followersCount).toBe(0);
  await expect(profileOf(bob, 'ada')).rejects.toMatchObject({ status: 404 });
});
