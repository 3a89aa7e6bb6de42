import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { relationPath, relationsPagePath, type RelationsPage } from '@devcircle/contracts';
import { useWebBackend } from './backend';
import { freshUsername, logOutEveryone, renderSettings, signedInMember } from './settingsHarness';

const web = useWebBackend();
afterEach(() => logOutEveryone());

test('Settings lists blocked and muted accounts, and Unblock / Unmute take them out on the server too', async () => {
  const backend = web();
  const member = await signedInMember(backend);
  const blocked = freshUsername('blk');
  const muted = freshUsername('mut');
  await backend.signUp(blocked);
  await backend.signUp(muted);
  // Their profiles come from auth's registration event: wait until the users service knows them.
  await waitFor(() => member.sdk.api.put(relationPath(blocked, 'block')), { timeout: 15_000 });
  await waitFor(() => member.sdk.api.put(relationPath(muted, 'mute')), { timeout: 15_000 });

  await renderSettings(member.sdk);
  const section = screen.getByRole('region', { name: 'Blocked and muted accounts' });
  const blockedList = within(section).getByRole('group', { name: 'Blocked' });
  const mutedList = within(section).getByRole('group', { name: 'Muted' });
  expect(await within(blockedList).findByRole('link', { name: blocked })).toBeInTheDocument();
  expect(await within(mutedList).findByRole('link', { name: muted })).toBeInTheDocument();
  expect(within(blockedList).queryByRole('link', { name: muted })).toBeNull();

  const user = userEvent.setup();
  await user.click(within(blockedList).getByRole('button', { name: `Unblock @${blocked}` }));
  expect(await within(blockedList).findByText("You haven't blocked anyone.")).toBeInTheDocument();
  await user.click(within(mutedList).getByRole('button', { name: `Unmute @${muted}` }));
  expect(await within(mutedList).findByText("You haven't muted anyone.")).toBeInTheDocument();
  for (const kind of ['block', 'mute'] as const)
    expect((await member.sdk.api.get<RelationsPage>(relationsPagePath(kind))).users).toEqual([]);
});
