import { expect, test } from '@playwright/test';
import { registerThroughUi, uniqueName } from '../support/accounts';

// Runs in the 'fresh-database' project, before any other suite has published a post.
test('the first member sees the welcome dialog once per session, then the empty feed with a Create Post link', async ({
  page,
}) => {
  await registerThroughUi(page, uniqueName('first'), undefined, { welcome: 'leave' });
  const welcome = page.getByRole('dialog', { name: 'Welcome to Feed' });
  await expect(welcome).toBeVisible();
  await welcome.getByRole('button', { name: 'Load Posts' }).click();
  await expect(welcome).toHaveCount(0);

  await expect(page.getByText('No posts yet')).toBeVisible();
  await expect(page.getByText('Be the first to share something with the community!')).toBeVisible();
  await page.reload();
  // The session flag keeps the dialog away for the rest of this browser session.
  await expect(page.getByText('No posts yet')).toBeVisible();
  await expect(welcome).toHaveCount(0);

  await page.getByRole('main').getByRole('link', { name: 'Create Post' }).click();
  await expect(page).toHaveURL(/\/create-post$/);
});
