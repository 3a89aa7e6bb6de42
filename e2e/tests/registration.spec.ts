import { expect, test, type Page } from '@playwright/test';
import { uniqueName } from '../support/accounts';
import { signUpViaApi } from '../support/api';
import { seriousViolations } from '../support/axe';
import { mailTo, registrationLinkFor } from '../support/outbox';

const PENDING = 'Check your inbox: we sent you a link to finish creating your account.';

async function sendRegistration(page: Page, username: string, email: string) {
  await page.goto('/register');
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill('secret123');
  await form.getByLabel('Confirm password').fill('secret123');
  await form.getByRole('button', { name: 'Create Account' }).click();
}

test('register → "Check your inbox" → the mailed link → signed in at /feed with the welcome dialog; the link works once', async ({
  page,
  browser,
}) => {
  const username = uniqueName('joan');
  const email = `${username}@example.com`;
  await sendRegistration(page, username, email);

  const heading = page.getByRole('heading', { level: 1, name: 'Check your inbox' });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  await expect(page.getByRole('status')).toHaveText(PENDING);
  await expect(page.getByText(email)).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  // Nobody is signed in until the link is opened.
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  expect(await seriousViolations(page)).toEqual([]);

  const link = await registrationLinkFor(email);
  expect(link).toMatch(/^\/register\/confirm\?token=[\w-]{43}$/);
  await page.goto(link);
  // What registering always led to (§2, §4): signed in, the feed, its once-per-session welcome dialog.
  await expect(page).toHaveURL(/\/feed$/);
  await expect(page.getByRole('dialog', { name: 'Welcome to Feed' })).toBeVisible();
  await page
    .getByRole('dialog', { name: 'Welcome to Feed' })
    .getByRole('button', { name: 'Load Posts' })
    .click();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }),
  ).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeTruthy();

  // The same link in another browser, signed out: used up.
  const other = await browser.newContext();
  try {
    const visitor = await other.newPage();
    await visitor.goto(link);
    await expect(visitor.getByRole('heading', { name: 'We could not finish your account' })).toBeVisible();
    await expect(visitor.getByRole('alert')).toHaveText('This link is invalid or has expired.');
    await expect(visitor.getByRole('link', { name: 'Register again' })).toBeVisible();
    expect(await seriousViolations(visitor)).toEqual([]);
    await expect(visitor).toHaveURL(/\/register\/confirm\?token=/);
  } finally {
    await other.close();
  }
});

test('an address that has an account gets the very same screen, and its owner a note by mail', async ({
  page,
  request,
}) => {
  const owner = await signUpViaApi(request, uniqueName('owner'));
  const email = `${owner.username}@example.com`;
  await sendRegistration(page, uniqueName('copycat'), email);
  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(PENDING);
  await expect(page.getByRole('alert')).toHaveCount(0);

  const note = await mailTo(email, 'You already have a DevCircle account');
  expect(note).toContain('/forgot-password');
  expect(note).not.toContain('/register/confirm');
});

test('a link without a token says Invalid Link and offers to register again', async ({ page }) => {
  await page.goto('/register/confirm');
  await expect(page.getByRole('heading', { name: 'Invalid Link' })).toBeVisible();
  await page.getByRole('link', { name: 'Register again' }).click();
  await expect(page).toHaveURL(/\/register$/);
});
