import { expect, type Page } from '@playwright/test';
import { signInAs, signUpViaApi, type ApiUser } from './api';
import { outboxFiles, registrationLinkFor } from './outbox';

let counter = 0;

/** A username no other test in this run uses. */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

/**
 * Registers through the UI, from the landing page's call to action: the form, "Check your inbox", then the link
 * mailed to the address (read from the outbox), which signs in and goes to the feed. The feed's once-per-session
 * welcome dialog is answered with Load Posts unless `welcome` is 'leave' (a test about it).
 *
 * The link is followed inside the running app (a history entry and the popstate the router listens to) rather than
 * by loading the page again: the suites that only need a member skip a second start-up (splash, remotes). Opening
 * it in a fresh page load, as from a mail client, is registration.spec.ts's journey.
 */
export async function registerThroughUi(
  page: Page,
  username: string,
  password = 'secret123',
  { welcome = 'load' }: { welcome?: 'load' | 'leave' } = {},
): Promise<void> {
  await page.goto('/');
  await page.getByRole('link', { name: /Get Started Free/ }).click();
  await expect(page).toHaveURL(/\/register$/);
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Email').fill(`${username}@example.com`);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Confirm password').fill(password);
  const seen = await outboxFiles();
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  const link = await registrationLinkFor(`${username}@example.com`, seen);
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, link);
  await expect(page).toHaveURL(/\/feed$/);
  if (welcome === 'load') {
    await page
      .getByRole('dialog', { name: 'Welcome to Feed' })
      .getByRole('button', { name: 'Load Posts' })
      .click();
  }
}

/**
 * A new member, signed in on `page` at `path` (the feed by default, its welcome dialog already seen), without the
 * registration screens: for the journeys about something else. registration.spec.ts and auth.spec.ts walk those
 * screens, and registerThroughUi stays for the journeys that start there.
 */
export async function signedInMember(
  page: Page,
  username: string,
  { password, path }: { password?: string; path?: string } = {},
): Promise<ApiUser> {
  const user = await signUpViaApi(page.request, username, password);
  await signInAs(page, user, path);
  return user;
}
