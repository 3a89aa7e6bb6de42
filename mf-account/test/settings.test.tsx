import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES, UNSUBSCRIBE_USED_MESSAGE, UNSUBSCRIBED_MESSAGES } from '@devcircle/contracts';
import { ApiError } from '@devcircle/sdk';
import { tokenIn, waitForMail } from '@devcircle/service-test-kit';
import { PRIVACY_FAILURE_MESSAGE } from '../src/features/settings/api';
import { EMAIL_PREFERENCES_SAVE_FAILURE } from '../src/features/settings/emailPreferencesApi';
import { failureMessage } from '../src/features/settings/failureMessage';
import { AccountApp } from '../src/app/AccountApp';
import { notificationPreferencesKey } from '../src/features/settings/notificationPreferences';
import { PRIVACY_SWITCH } from '../src/features/settings/settingsText';
import { PASSWORD, renderWithSdk, unreachableUrl, useWebBackend } from './backend';
import {
  divertedMember,
  freshUsername,
  logIn,
  logOutEveryone,
  meStatus,
  profileAs,
  renderSettings,
  signedInMember,
  visitorSdk,
} from './settingsHarness';

const backend = useWebBackend();

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  logOutEveryone();
  jest.restoreAllMocks();
});

const passwordForm = () => screen.getByRole('form', { name: 'Change password' });

async function fillPasswords(
  user: ReturnType<typeof userEvent.setup>,
  current: string,
  next: string,
  confirm: string,
) {
  const form = passwordForm();
  for (const [label, value] of [
    ['Current Password', current],
    ['New Password', next],
    ['Confirm New Password', confirm],
  ] as const) {
    const input = within(form).getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

describe('Change Password', () => {
  test('the client checks come in order (all fields, length, match) and nothing is sent', async () => {
    const user = userEvent.setup();
    const { sdk, calls } = await signedInMember(backend());
    await renderSettings(sdk);
    const form = passwordForm();
    const submit = within(form).getByRole('button', { name: 'Update Password' });

    await user.click(submit);
    expect(within(form).getByRole('alert')).toHaveTextContent('All fields are required.');
    expect(within(form).getByLabelText('Current Password')).toHaveFocus();

    await fillPasswords(user, PASSWORD, 'abc', '');
    await user.click(submit);
    expect(within(form).getByRole('alert')).toHaveTextContent('All fields are required.');
    expect(within(form).getByLabelText('Confirm New Password')).toHaveFocus();

    await fillPasswords(user, PASSWORD, 'abc', 'abd');
    await user.click(submit);
    expect(within(form).getByRole('alert')).toHaveTextContent('New password must be at least 6 characters.');
    expect(within(form).getByLabelText('New Password')).toHaveFocus();

    await fillPasswords(user, PASSWORD, 'abcdef', 'abcdeg');
    await user.click(submit);
    expect(within(form).getByRole('alert')).toHaveTextContent('New passwords do not match.');
    expect(within(form).getByLabelText('Confirm New Password')).toHaveFocus();

    // Editing a field clears the message.
    await user.type(within(form).getByLabelText('Confirm New Password'), 'x');
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.route.endsWith('/password'))).toEqual([]);
  });

  test('a wrong current password shows the server’s message and keeps the session as it was', async () => {
    const user = userEvent.setup();
    const { sdk, calls, userId } = await signedInMember(backend());
    const token = sdk.auth.getState().token;
    await renderSettings(sdk);

    await fillPasswords(user, 'not-my-password', 'newsecret1', 'newsecret1');
    await user.click(within(passwordForm()).getByRole('button', { name: 'Update Password' }));

    expect(await within(passwordForm()).findByRole('alert')).toHaveTextContent(
      'Current password is incorrect',
    );
    expect(calls.at(-1)).toEqual({
      route: `PUT /api/users/${userId}/password`,
      body: { currentPassword: 'not-my-password', newPassword: 'newsecret1', confirmPassword: 'newsecret1' },
    });
    expect(sdk.auth.getState().token).toBe(token);
    expect(await meStatus(backend(), token ?? '')).toBe(200);
  });

  test('a change shows Updating Password... while busy, then the server’s message; the session goes on with the new token', async () => {
    const user = userEvent.setup();
    const { sdk, hold, answered, userId, username } = await signedInMember(backend());
    const oldToken = sdk.auth.getState().token ?? '';
    await renderSettings(sdk);

    const route = `PUT /api/users/${userId}/password`;
    const held = hold(route);
    await fillPasswords(user, PASSWORD, 'newsecret1', 'newsecret1');
    await user.click(within(passwordForm()).getByRole('button', { name: 'Update Password' }));
    expect(
      await within(passwordForm()).findByRole('button', { name: 'Updating Password...' }),
    ).toBeDisabled();

    held.release();
    await answered(route);
    expect(await within(passwordForm()).findByRole('status')).toHaveTextContent(
      'Password updated successfully.',
    );
    for (const label of ['Current Password', 'New Password', 'Confirm New Password']) {
      expect(within(passwordForm()).getByLabelText(label)).toHaveValue('');
    }

    // The SDK holds a new token that works; the old one is refused by the gateway.
    const newToken = sdk.auth.getState().token ?? '';
    expect(newToken).not.toBe(oldToken);
    expect(newToken).not.toBe('');
    await expect(sdk.api.get<{ id: string }>('/api/auth/me')).resolves.toMatchObject({ id: userId });
    expect(sdk.auth.getState().user?.id).toBe(userId);
    expect(await meStatus(backend(), oldToken)).toBe(401);

    // Signing in elsewhere takes the new password, not the old one.
    await expect(logIn(visitorSdk(backend()), username)).rejects.toThrow('Invalid email or password');
    await expect(logIn(visitorSdk(backend()), username, 'newsecret1')).resolves.toMatchObject({ id: userId });
  });
});

describe('Email Notifications', () => {
  const switchNamed = (name: string) => screen.getByRole('switch', { name });

  test('the three switches are on by default, and each change is kept per user across a reload', async () => {
    const user = userEvent.setup();
    const ada = await signedInMember(backend());
    const first = await renderSettings(ada.sdk);
    expect(screen.getByText(/at most once every 15 minutes/)).toBeInTheDocument();
    for (const name of ['New followers', 'Comments', 'Messages']) {
      expect(switchNamed(name)).toHaveAttribute('aria-checked', 'true');
    }

    await user.click(switchNamed('Comments'));
    await user.click(switchNamed('Messages'));
    expect(switchNamed('Comments')).toHaveAttribute('aria-checked', 'false');
    expect(switchNamed('Messages')).toHaveAttribute('aria-checked', 'false');
    expect(JSON.parse(window.localStorage.getItem(notificationPreferencesKey(ada.userId)) ?? 'null')).toEqual(
      {
        followers: true,
        comments: false,
        messages: false,
      },
    );

    // Followers and comments are the server's too (issue 20); messages stays in this browser.
    await waitFor(async () =>
      expect(await ada.sdk.api.get('/api/notifications/preferences')).toEqual({
        followers: true,
        comments: false,
        saved: true,
      }),
    );

    // A reload (the screen mounted afresh) shows the stored choice.
    first.unmount();
    const second = await renderSettings(ada.sdk);
    expect(switchNamed('New followers')).toHaveAttribute('aria-checked', 'true');
    expect(switchNamed('Comments')).toHaveAttribute('aria-checked', 'false');
    expect(switchNamed('Messages')).toHaveAttribute('aria-checked', 'false');
    await user.click(switchNamed('Messages'));
    expect(switchNamed('Messages')).toHaveAttribute('aria-checked', 'true');
    second.unmount();

    // Another member in the same browser has their own switches.
    const bob = await signedInMember(backend());
    await renderSettings(bob.sdk);
    expect(switchNamed('Comments')).toHaveAttribute('aria-checked', 'true');
    await user.click(switchNamed('New followers'));
    expect(JSON.parse(window.localStorage.getItem(notificationPreferencesKey(ada.userId)) ?? 'null')).toEqual(
      {
        followers: true,
        comments: false,
        messages: true,
      },
    );
    expect(JSON.parse(window.localStorage.getItem(notificationPreferencesKey(bob.userId)) ?? 'null')).toEqual(
      {
        followers: false,
        comments: true,
        messages: true,
      },
    );
  });

  test('a choice kept only in this browser moves to the server once; a change the server refuses flips back with a message', async () => {
    const user = userEvent.setup();
    const { sdk, username, release } = await divertedMember(
      backend(),
      await unreachableUrl(),
      (method, url) => method === 'PUT' && url.endsWith('/api/notifications/preferences'),
    );
    // Chosen before the server kept the switches: the first visit copies it there.
    const member = await signedInMember(backend(), `${username}m`);
    window.localStorage.setItem(
      notificationPreferencesKey(member.userId),
      JSON.stringify({ followers: false, comments: true, messages: false }),
    );
    const migrated = await renderSettings(member.sdk);
    await waitFor(async () =>
      expect(await member.sdk.api.get('/api/notifications/preferences')).toEqual({
        followers: false,
        comments: true,
        saved: true,
      }),
    );
    expect(switchNamed('New followers')).toHaveAttribute('aria-checked', 'false');
    migrated.unmount();

    // The diverted member's save gets no answer: the switch goes back, the screen says so, the server keeps it.
    await renderSettings(sdk);
    await user.click(switchNamed('Comments'));
    expect(switchNamed('Comments')).toHaveAttribute('aria-checked', 'false');
    release();
    expect(await screen.findByRole('alert')).toHaveTextContent(EMAIL_PREFERENCES_SAVE_FAILURE);
    expect(switchNamed('Comments')).toHaveAttribute('aria-checked', 'true');
    expect(await sdk.api.get('/api/notifications/preferences')).toMatchObject({ comments: true });
  });

  test('a digest’s unsubscribe link works signed out, once; a second open says it was used; Settings shows the switch off', async () => {
    const star = await signedInMember(backend());
    const fan = await signedInMember(backend());
    // A follow through the gateway: users records it, notifications notifies and mails a digest through auth.
    await fan.sdk.api.put(`/api/users/${encodeURIComponent(star.username)}/follow`, {});
    const mail = await waitForMail(
      backend().outboxDir,
      { to: star.email, linkTo: ROUTES.unsubscribe },
      20_000,
    );
    expect(mail.subject).toBe(`${fan.username} followed you on DevCircle`);
    const token = tokenIn(mail, ROUTES.unsubscribe);
    const openLink = (search: string) =>
      renderWithSdk(<AccountApp path={ROUTES.unsubscribe} search={search} />, visitorSdk(backend()));

    const first = openLink(`?token=${token}`);
    expect(await screen.findByRole('heading', { name: 'Unsubscribed' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(UNSUBSCRIBED_MESSAGES.followers);
    expect(screen.getByRole('link', { name: 'Go to Settings' })).toHaveAttribute('href', ROUTES.settings);
    first.unmount();

    const second = openLink(`?token=${token}`);
    await screen.findByRole('heading', { name: 'Link already used' });
    expect(screen.getByRole('status')).toHaveTextContent(UNSUBSCRIBE_USED_MESSAGE);
    second.unmount();

    const none = openLink('');
    expect(screen.getByRole('heading', { name: 'Invalid Link' })).toBeInTheDocument();
    none.unmount();

    // The server's switch, whatever this browser remembered.
    await renderSettings(star.sdk);
    await screen.findByRole('switch', { name: 'New followers', checked: false });
    expect(switchNamed('Comments')).toHaveAttribute('aria-checked', 'true');
  });
});

describe('Account Privacy', () => {
  const privacySwitch = () => screen.getByRole('switch', { name: 'Private account' });

  test('the switch shows the profile’s value, flips at once, and the server makes the profile private and public again', async () => {
    const user = userEvent.setup();
    const { sdk, hold, answered, userId, username, calls } = await signedInMember(backend());
    const stranger = await backend().signUp(freshUsername('str'));
    const first = await renderSettings(sdk);

    expect(await screen.findByRole('switch', { name: 'Private account' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(privacySwitch()).toHaveTextContent('Public');

    const route = `PUT /api/users/${userId}/privacy`;
    const held = hold(route);
    await user.click(privacySwitch());
    // Optimistic: flipped before the server answered.
    expect(privacySwitch()).toHaveAttribute('aria-checked', 'true');
    expect(privacySwitch()).toHaveTextContent('Private');
    expect(privacySwitch()).toHaveAttribute('aria-busy', 'true');
    expect(calls.at(-1)).toEqual({ route, body: { isPrivate: true } });
    held.release();
    await answered(route);
    await waitFor(() => expect(privacySwitch()).not.toHaveAttribute('aria-busy'));
    expect(privacySwitch()).toHaveAttribute('aria-checked', 'true');
    await expect(profileAs(stranger, username)).resolves.toMatchObject({
      canView: false,
      user: { isPrivate: true },
    });

    // A reload reads the stored value.
    first.unmount();
    await renderSettings(sdk);
    await waitFor(() => expect(privacySwitch()).toHaveAttribute('aria-checked', 'true'));

    await user.click(privacySwitch());
    expect(privacySwitch()).toHaveAttribute('aria-checked', 'false');
    await waitFor(() => expect(privacySwitch()).not.toHaveAttribute('aria-busy'));
    await expect(profileAs(stranger, username)).resolves.toMatchObject({
      canView: true,
      user: { isPrivate: false },
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('while the value loads, the switch’s row keeps its words and its place, then the switch takes it', async () => {
    // The profile the value comes from is held back until release(), then reaches the real gateway.
    const { sdk, release } = await divertedMember(
      backend(),
      backend().url,
      (method, url) => method === 'GET' && new URL(url).pathname.startsWith('/api/users/'),
    );
    renderWithSdk(<AccountApp path="/settings" />, sdk);
    const privacy = await screen.findByRole('region', { name: 'Account Privacy' });
    await waitFor(() =>
      expect(within(privacy).getByRole('status')).toHaveTextContent('Loading your privacy setting'),
    );
    expect(within(privacy).getByText('Private account')).toBeInTheDocument();
    expect(within(privacy).getByText(PRIVACY_SWITCH.hint)).toBeInTheDocument();
    expect(within(privacy).queryByRole('switch')).not.toBeInTheDocument();

    release();
    expect(await within(privacy).findByRole('switch', { name: 'Private account' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(within(privacy).queryByRole('status')).not.toBeInTheDocument();
  });

  test('when the call gets no answer the switch flips back and says to check the connection', async () => {
    const user = userEvent.setup();
    const stranger = await backend().signUp(freshUsername('str'));
    // The profile loads from the gateway; the privacy call goes where nothing listens (connection refused).
    const { sdk, username, release } = await divertedMember(
      backend(),
      await unreachableUrl(),
      (method, url) => method === 'PUT' && url.endsWith('/privacy'),
    );
    await renderSettings(sdk);

    expect(privacySwitch()).toHaveAttribute('aria-checked', 'false');
    await user.click(privacySwitch());
    expect(privacySwitch()).toHaveAttribute('aria-checked', 'true');
    expect(privacySwitch()).toHaveAttribute('aria-busy', 'true');

    release();
    expect(await screen.findByRole('alert')).toHaveTextContent(PRIVACY_FAILURE_MESSAGE);
    expect(privacySwitch()).toHaveAttribute('aria-checked', 'false');
    expect(privacySwitch()).not.toHaveAttribute('aria-busy');
    await expect(profileAs(stranger, username)).resolves.toMatchObject({
      canView: true,
      user: { isPrivate: false },
    });

    // Trying again clears the message while it runs, and fails the same way.
    await user.click(privacySwitch());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('alert')).toHaveTextContent(PRIVACY_FAILURE_MESSAGE);
    expect(privacySwitch()).toHaveAttribute('aria-checked', 'false');
  });

  test('without a server message, the first field error is shown after "Validation: "', () => {
    const withFields = new ApiError(PRIVACY_FAILURE_MESSAGE, {
      status: 400,
      errors: [{ field: 'isPrivate', message: 'isPrivate must be true or false' }],
    });
    expect(failureMessage(withFields, PRIVACY_FAILURE_MESSAGE, 'Validation: ')).toBe(
      'Validation: isPrivate must be true or false',
    );
    const withMessage = new ApiError('Your profile could not be changed', {
      status: 400,
      errors: [{ field: 'isPrivate', message: 'isPrivate must be true or false' }],
    });
    expect(failureMessage(withMessage, PRIVACY_FAILURE_MESSAGE, 'Validation: ')).toBe(
      'Your profile could not be changed',
    );
    expect(
      failureMessage(new ApiError(PRIVACY_FAILURE_MESSAGE), PRIVACY_FAILURE_MESSAGE, 'Validation: '),
    ).toBe(PRIVACY_FAILURE_MESSAGE);
  });
});

describe('Delete Account', () => {
  const openPanel = async (user: ReturnType<typeof userEvent.setup>) => {
    const section = screen.getByRole('region', { name: 'Delete Account' });
    await user.click(within(section).getByRole('button', { name: 'Delete Account' }));
    return screen.getByRole('dialog', { name: 'Delete your account?' });
  };

  test('Cancel closes the panel without deleting anything', async () => {
    const user = userEvent.setup();
    const { sdk, calls, navigate } = await signedInMember(backend());
    await renderSettings(sdk);

    const panel = await openPanel(user);
    expect(panel).toHaveTextContent(
      'This removes your profile, posts, comments, likes and follows. This cannot be undone.',
    );
    expect(within(panel).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.route.startsWith('DELETE'))).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
    expect(await meStatus(backend(), sdk.auth.getState().token ?? '')).toBe(200);
  });

  test('confirming deletes the account: logged out, sent to /, the old token refused, the username free again', async () => {
    const user = userEvent.setup();
    const { sdk, navigate, username, userId, answered } = await signedInMember(backend());
    const viewer = await backend().signUp(freshUsername('view'));
    // The profile exists (the users service makes it from auth's event, or on the member's first call).
    await waitFor(() => expect(profileAs(viewer, username)).resolves.toMatchObject({ user: { username } }));
    const oldToken = sdk.auth.getState().token ?? '';
    await renderSettings(sdk);

    const panel = await openPanel(user);
    await user.click(within(panel).getByRole('button', { name: 'Delete Account' }));
    await answered(`DELETE /api/users/${userId}`);

    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/', undefined));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sdk.auth.getState()).toMatchObject({ user: null, token: null, authenticated: false });
    expect(await meStatus(backend(), oldToken)).toBe(401);
    await expect(profileAs(viewer, username)).rejects.toMatchObject({ status: 404 });

    // The username and the email can be registered anew.
    const again = visitorSdk(backend());
    await backend().signUpWith(again, { username, email: `${username}@example.com`, password: PASSWORD });
    expect(again.auth.getState().user?.username).toBe(username);
    expect(again.auth.getState().user?.id).not.toBe(userId);
  });

  test('when the call gets no answer the panel closes and the screen says to try again', async () => {
    const user = userEvent.setup();
    const { sdk, username, navigate, release } = await divertedMember(
      backend(),
      await unreachableUrl(),
      (method) => method === 'DELETE',
    );
    await renderSettings(sdk);

    const panel = await openPanel(user);
    await user.click(within(panel).getByRole('button', { name: 'Delete Account' }));
    // Busy: the confirm button spins and Cancel cannot be pressed.
    expect(within(panel).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(within(panel).getByRole('button', { name: 'Delete Account' })).toHaveAttribute(
      'aria-busy',
      'true',
    );

    release();
    const section = screen.getByRole('region', { name: 'Delete Account' });
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Failed to delete account. Please try again.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
    expect(sdk.auth.getState().authenticated).toBe(true);
    await expect(sdk.api.get('/api/auth/me')).resolves.toMatchObject({ username });
  });
});
