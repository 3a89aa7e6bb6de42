import { expect, test } from '@playwright/test';
import { registerThroughUi, uniqueName } from '../support/accounts';

test('landing → register → /feed; a reload keeps the session; logout confirm → /login', async ({ page }) => {
  const username = uniqueName('ada');
  await registerThroughUi(page, username);
  const main = page.getByRole('navigation', { name: 'Main' });
  await expect(main.getByRole('link', { name: 'Home' })).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(/\/feed$/);
  await expect(main.getByRole('link', { name: 'Home' })).toBeVisible();

  await main.getByRole('link', { name: /Logout/ }).click();
  await expect(page).toHaveURL(/\/logout-confirm$/);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/feed');
  await expect(page).toHaveURL(/\/login$/);
});

test('login failure shows the server’s message in a banner that clears when a field is edited', async ({
  page,
}) => {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill('nobody@example.com');
  await form.getByLabel('Password', { exact: true }).fill('wrong-password');
  await form.getByRole('button', { name: 'Sign In' }).click();
  const banner = page.getByRole('alert');
  await expect(banner).toHaveText('Invalid email or password');
  await form.getByLabel('Email').fill('someone@example.com');
  await expect(banner).toHaveCount(0);
});

test('sign in with the right password goes to /feed', async ({ page, context }) => {
  const username = uniqueName('grace');
  await registerThroughUi(page, username, 'first-pass');
  await context.clearCookies();
  await page.evaluate(() => window.localStorage.removeItem('token'));
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(`${username.toUpperCase()}@EXAMPLE.COM`);
  await form.getByLabel('Password', { exact: true }).fill('first-pass');
  await form.getByRole('button', { name: 'Show password' }).click();
  await expect(form.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/feed$/);
});

test('register shows each field’s error', async ({ page }) => {
  await page.goto('/register');
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(form.getByText('Username is required')).toBeVisible();
  await expect(form.getByText('Email is required')).toBeVisible();
  await expect(form.getByText('Password is required')).toBeVisible();
  await form.getByLabel('Username').fill('ab');
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByLabel('Password', { exact: true }).fill('12345');
  await form.getByLabel('Confirm password').fill('54321');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(form.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(form.getByText('Please enter a valid email')).toBeVisible();
  await expect(form.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(form.getByText('Passwords do not match')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('a protected route while signed out goes to /login', async ({ page }) => {
  await page.goto('/explore');
  await expect(page).toHaveURL(/\/login$/);
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('register → /feed with the tab bar; reload keeps the session; avatar menu logout → sign in again', async ({
    page,
  }) => {
    const username = uniqueName('margaret');
    await registerThroughUi(page, username, 'phone-pass');
    const tabs = page.getByRole('navigation', { name: 'Tabs' });
    await expect(tabs).toBeVisible();
    await expect(tabs.getByRole('link', { name: 'Home' })).toBeVisible();

    await page.reload();
    await expect(page).toHaveURL(/\/feed$/);
    await expect(tabs).toBeVisible();

    const avatar = page.getByRole('button', { name: 'Account menu' });
    await expect(avatar).toBeVisible();
    await avatar.click();
    await expect(avatar).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['View Profile', 'Bookmarks', 'Settings', 'Logout']);
    await menu.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/logout-confirm$/);
    await expect(menu).toBeHidden();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(tabs).toBeHidden();

    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(`${username}@example.com`);
    await form.getByLabel('Password', { exact: true }).fill('phone-pass');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/feed$/);
    await expect(tabs).toBeVisible();
  });
});
