import { expect, test } from '@playwright/test';
import { signedInMember, uniqueName } from '../support/accounts';
import { NO_VIOLATIONS, seriousViolationsInBothThemes } from '../support/axe';
import { resetLinkFor } from '../support/outbox';

test('forgot password → the mailed link → a new password → /login after 2 s → sign in with it → /feed', async ({
  page,
}) => {
  const username = uniqueName('linus');
  const email = `${username}@example.com`;
  await signedInMember(page, username, { password: 'old-secret' });

  const main = page.getByRole('navigation', { name: 'Main' });
  await main.getByRole('link', { name: /Logout/ }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  const forgot = page.getByRole('form', { name: 'Forgot password' });
  await forgot.getByLabel('Email').fill(email);
  await forgot.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'If an account with that email exists, a reset link has been sent.',
  );

  const link = await resetLinkFor(email);
  await page.goto(link);
  const reset = page.getByRole('form', { name: 'Reset password' });
  await reset.getByLabel('New password', { exact: true }).fill('new-secret');
  await reset.getByLabel('Confirm new password').fill('new-secret');
  await reset.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('status')).toHaveText('Your password has been reset. You can now sign in.');
  await expect(page).toHaveURL(/\/login$/);

  const signIn = page.getByRole('form', { name: 'Sign in' });
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByLabel('Password', { exact: true }).fill('old-secret');
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await signIn.getByLabel('Password', { exact: true }).fill('new-secret');
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/feed$/);

  // The link is used up with the password change.
  await page.evaluate(() => window.localStorage.removeItem('token'));
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('third-secret');
  await page.getByLabel('Confirm new password').fill('third-secret');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Reset link is invalid or has expired.');
});

test('/reset-password without a token shows Invalid Link with a way to request a new one', async ({
  page,
}) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: 'Invalid Link' })).toBeVisible();
  await expect(page.getByText('Reset token is missing or invalid.')).toBeVisible();
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('forgot and reset screens, with their messages, have no serious or critical axe violations (light and dark)', async ({
  page,
}) => {
  test.setTimeout(90_000); // eight axe scans: CPU-heavy on a shared machine
  await page.goto('/forgot-password');
  await page.route('**/api/auth/forgot-password', (route) => route.fulfill({ status: 500, body: '' }));
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('alert')).toHaveText('Something went wrong. Please try again.');
  expect(await seriousViolationsInBothThemes(page)).toEqual(NO_VIOLATIONS);

  await page.goto('/reset-password?token=not-a-real-token');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password must be at least 6 characters.')).toBeVisible();
  expect(await seriousViolationsInBothThemes(page)).toEqual(NO_VIOLATIONS);
  await page.getByLabel('New password', { exact: true }).fill('new-secret');
  await page.getByLabel('Confirm new password').fill('new-secret');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Reset link is invalid or has expired.');
  expect(await seriousViolationsInBothThemes(page)).toEqual(NO_VIOLATIONS);

  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: 'Invalid Link' })).toBeVisible();
  expect(await seriousViolationsInBothThemes(page)).toEqual(NO_VIOLATIONS);
});
