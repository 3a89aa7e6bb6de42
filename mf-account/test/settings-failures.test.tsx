import '@testing-library/jest-dom';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useWebBackend } from './backend';
import { logOutEveryone, meStatus, renderSettings, signedInMember } from './settingsHarness';

// Services are stopped in this file, so it has a back end of its own: auth first, then users.
const backend = useWebBackend();

afterAll(() => logOutEveryone());

// Signed up and in while every service runs: the second test's member (auth is down by then).
let privacyMember: Awaited<ReturnType<typeof signedInMember>>;
beforeAll(async () => {
  privacyMember = await signedInMember(backend());
});

test('when auth cannot finish the deletion, the users service’s message is shown and the account stays', async () => {
  const user = userEvent.setup();
  const { sdk, navigate, userId, answered } = await signedInMember(backend());
  await renderSettings(sdk);
  const [auth] = backend().services;
  await auth.stop();

  const section = screen.getByRole('region', { name: 'Delete Account' });
  await user.click(within(section).getByRole('button', { name: 'Delete Account' }));
  const panel = screen.getByRole('dialog', { name: 'Delete your account?' });
  await user.click(within(panel).getByRole('button', { name: 'Delete Account' }));
  await answered(`DELETE /api/users/${userId}`);

  expect(await within(section).findByRole('alert')).toHaveTextContent(
    'Your account could not be deleted right now. Please try again.',
  );
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(navigate).not.toHaveBeenCalled();
  expect(sdk.auth.getState().authenticated).toBe(true);
  // The gateway still takes the token: the account was not deleted.
  expect(await meStatus(backend(), sdk.auth.getState().token ?? '')).not.toBe(401);
});

test('when the users service is down, the privacy switch flips back and shows the gateway’s message', async () => {
  const user = userEvent.setup();
  const { sdk, userId, answered, hold } = privacyMember;
  await renderSettings(sdk);
  const privacy = screen.getByRole('switch', { name: 'Private account' });
  expect(privacy).toHaveAttribute('aria-checked', 'false');
  await backend().services[2].stop();

  // Held until checked: a refused connection answers faster than the assertion could otherwise run.
  const route = `PUT /api/users/${userId}/privacy`;
  const held = hold(route);
  await user.click(privacy);
  expect(privacy).toHaveAttribute('aria-checked', 'true');
  held.release();
  await answered(route);

  expect(await screen.findByRole('alert')).toHaveTextContent(
    'The users service cannot be reached right now. Please try again shortly.',
  );
  expect(privacy).toHaveAttribute('aria-checked', 'false');
  expect(privacy).not.toHaveAttribute('aria-busy');
});
