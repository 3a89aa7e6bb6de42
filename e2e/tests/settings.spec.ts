import { expect, test } from '@playwright/test';
import { signedInMember, uniqueName } from '../support/accounts';
import { signUpViaApi, tokenOf } from '../support/api';

test('change password: the old token is refused, the session goes on, and the new password signs in', async ({
  page,
  request,
}) => {
  const username = uniqueName('pat');
  await signedInMember(page, username, { password: 'first-pass' });
  const oldToken = await tokenOf(page);
  await page.goto('/settings');
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByRole('button', { name: 'Update Password' }).click();
  await expect(form.getByRole('alert')).toHaveText('All fields are required.');
  await form.getByLabel('Current Password').fill('first-pass');
  await form.getByLabel('New Password', { exact: true }).fill('second-pass');
  await form.getByLabel('Confirm New Password').fill('second-pass');
  await form.getByRole('button', { name: 'Update Password' }).click();
  await expect(form.getByText('Password updated successfully.')).toBeVisible();

  expect(
    (await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${oldToken}` } })).status(),
  ).toBe(401);
  // The page carries on with the new token.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  expect(await tokenOf(page)).not.toBe(oldToken);

  const login = await request.post('/api/auth/login', {
    data: { email: `${username}@example.com`, password: 'second-pass' },
  });
  expect(login.status()).toBe(200);
});

test('delete account: confirm, signed out at /, the token refused and the profile gone', async ({
  page,
  request,
}) => {
  const username = uniqueName('gone');
  await signedInMember(page, username);
  const token = await tokenOf(page);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
  await confirm.getByRole('button', { name: 'Delete Account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: /Get Started Free/ })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

  expect(
    (await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } })).status(),
  ).toBe(401);
  // The name and the address are free again: registering them anew (through the mailed link) makes a new account.
  const again = await signUpViaApi(request, username);
  expect(again.username).toBe(username);
  expect(again.id).not.toBe(JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).userId);
});
