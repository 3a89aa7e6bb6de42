import { expect, test } from '@playwright/test';
import { registerThroughUi, signedInMember, uniqueName } from '../support/accounts';

test('a remote that does not load shows its fallback with Retry, and the rest of the app keeps working', async ({
  page,
}) => {
  // The feed remote's files cannot be fetched (a failed deployment): the feed area falls back.
  await page.route('**/remotes/feed/**', (route) => route.abort());
  await registerThroughUi(page, uniqueName('linus'), undefined, { welcome: 'leave' });
  await expect(page.getByText("This part of DevCircle didn't load.")).toBeVisible();
  await expect(page.getByRole('button', { name: /Retry/ })).toBeVisible();
  // The account remote still loads from the same page.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /Logout/ })
    .click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('a manifest that fails to load (blocked) falls back, and Retry loads it once it is reachable', async ({
  page,
}) => {
  let block = true;
  await page.route('**/remotes/account/**', (route) => (block ? route.abort() : route.continue()));
  await page.goto('/login');
  await expect(page.getByText("This part of DevCircle didn't load.")).toBeVisible();
  await expect(page.getByRole('link', { name: 'DevCircle home' })).toBeVisible();
  block = false;
  await page.getByRole('button', { name: /Retry/ }).click();
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
});

test('/messages shows the coming-soon texts', async ({ page }) => {
  await signedInMember(page, uniqueName('hopper'));
  await page.goto('/messages');
  await expect(page.getByText('Messages Coming Soon!')).toBeVisible();
  await expect(page.getByText('Real-time chat and messaging is on the way.')).toBeVisible();
});
