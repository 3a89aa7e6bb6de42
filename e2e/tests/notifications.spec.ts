import { expect, test, type Page } from '@playwright/test';
import { uniqueName } from '../support/accounts';
import { callAs, signInAs, signUpViaApi, type ApiUser } from '../support/api';
import { seriousViolations } from '../support/axe';

/** The top bar's Notifications item: 'Notifications', or 'Notifications (unread)' with the red dot. */
const topBarBell = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Notifications/ });

/** How many notifications the server holds for `user` (the consumer makes them about a second after the act). */
const notificationCount = async (request: Parameters<typeof callAs>[0], user: ApiUser) =>
  ((await callAs(request, user, 'GET', '/api/notifications')).body as unknown[]).length;

test('B likes, comments on and follows A: the red dot comes live, the list is newest first, mark all read, delete all', async ({
  browser,
  request,
}, testInfo) => {
  // Two browsers, a dozen acts each waited for, and an axe scan: on two shared cores this takes well over the
  // default 30 s without anything being wrong, so the journey has a budget of its own.
  test.setTimeout(90_000);
  const a = await signUpViaApi(request, uniqueName('ada'));
  const b = await signUpViaApi(request, uniqueName('bob'));
  const content = `Ring the bell, by ${a.username}`;
  const { body: post } = await callAs(request, a, 'POST', '/api/posts', { content });
  const postId = (post as { _id: string })._id;

  const pageA = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signInAs(pageA, a, '/feed');
  await expect(topBarBell(pageA)).toHaveAccessibleName('Notifications');
  await expect(pageA.getByTestId('unread-dot')).toHaveCount(0);

  // B, in a browser of their own, acts through the UI; each act is made a notification before the next, so
  // the order A sees is the order B acted in.
  const pageB = await (await browser.newContext()).newPage();
  await signInAs(pageB, b, `/post/${postId}`);
  const card = pageB.getByRole('article').filter({ hasText: content });
  const like = card.getByRole('button', { name: /like/i }).first();
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');

  // A's red dot appears without a reload (the socket brought the like).
  await expect(topBarBell(pageA)).toHaveAccessibleName('Notifications (unread)');
  await expect(topBarBell(pageA).getByTestId('unread-dot')).toBeVisible();

  // The detail page opens with the comments shown.
  await card.getByRole('button', { name: 'Add a comment' }).click();
  await card.getByRole('textbox').fill('This rings true');
  await card.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(card.getByText('This rings true')).toBeVisible();
  await expect.poll(() => notificationCount(request, a)).toBe(2);

  await pageB.goto(`/profile/${a.username}`);
  await pageB.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(pageB.getByRole('button', { name: 'Following' })).toBeVisible();
  await expect.poll(() => notificationCount(request, a)).toBe(3);

  await pageA.screenshot({ path: testInfo.outputPath('red-dot-desktop-1280.png') });
  await pageA.setViewportSize({ width: 375, height: 740 });
  // Phones: the feed's own bell is red too.
  await expect(pageA.getByRole('main').getByRole('link', { name: 'Notifications, unread' })).toBeVisible();
  await pageA.screenshot({ path: testInfo.outputPath('red-dot-phone-375.png') });
  await pageA.setViewportSize({ width: 1280, height: 800 });

  await topBarBell(pageA).click();
  await expect(pageA).toHaveURL(/\/notifications$/);
  const name = b.username;
  const rows = pageA.getByRole('main').getByRole('link').filter({ hasText: name });
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText(`${name} started following you`);
  await expect(rows.nth(1)).toContainText(`${name} commented on your post`);
  await expect(rows.nth(2)).toContainText(`${name} liked your post`);
  await expect(rows.filter({ hasText: 'Unread' })).toHaveCount(3);
  // The unread highlight and dots, in both themes.
  expect(await seriousViolations(pageA)).toEqual([]);
  await pageA.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousViolations(pageA)).toEqual([]);
  await pageA.emulateMedia({ colorScheme: 'light' });

  await pageA.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(topBarBell(pageA)).toHaveAccessibleName('Notifications');
  await expect(pageA.getByTestId('unread-dot')).toHaveCount(0);
  await expect(rows.filter({ hasText: 'Unread' })).toHaveCount(0);
  await expect(rows).toHaveCount(3);

  await pageA.getByRole('button', { name: 'Delete all' }).click();
  const dialog = pageA.getByRole('dialog', { name: 'Delete All Notifications?' });
  await expect(dialog).toContainText('cannot be undone');
  expect(await seriousViolations(pageA)).toEqual([]);
  await dialog.getByRole('button', { name: 'Delete all' }).click();
  await expect(pageA.getByText('No notifications yet.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  expect(await notificationCount(request, a)).toBe(0);
});
