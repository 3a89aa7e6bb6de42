import { expect, test } from '@playwright/test';
import { uniqueName } from '../support/accounts';
import { callAs, signInAs, signUpViaApi, type ApiUser } from '../support/api';
import { NO_VIOLATIONS, seriousViolationsInBothThemes } from '../support/axe';

/** How many notifications the server holds for `user` (the consumer makes them about a second after the act). */
const notificationCount = async (request: Parameters<typeof callAs>[0], user: ApiUser) =>
  ((await callAs(request, user, 'GET', '/api/notifications')).body as unknown[]).length;

test('three members like one post, two follow: one row per group, a live like updates its row in place, mark all read, at desktop and phone width', async ({
  browser,
  request,
}, testInfo) => {
  // Four members, a dozen acts waited for, two widths and four axe scans on two shared cores: a budget of its own.
  test.setTimeout(120_000);
  const ada = await signUpViaApi(request, uniqueName('ada'));
  const [bo, cy, di] = [
    await signUpViaApi(request, uniqueName('bo')),
    await signUpViaApi(request, uniqueName('cy')),
    await signUpViaApi(request, uniqueName('di')),
  ];
  const { body: post } = await callAs(request, ada, 'POST', '/api/posts', {
    content: `Group these, ${ada.username}`,
  });
  const postId = (post as { _id: string })._id;

  // Two likes, then two follows (the profile appears a moment after registration: retried until it is there).
  for (const fan of [bo, cy])
    expect((await callAs(request, fan, 'PUT', `/api/posts/${postId}/like`)).status).toBe(200);
  await expect.poll(() => notificationCount(request, ada)).toBe(2);
  for (const fan of [bo, cy])
    await expect
      .poll(async () => (await callAs(request, fan, 'PUT', `/api/users/${ada.username}/follow`)).status)
      .toBe(200);
  await expect.poll(() => notificationCount(request, ada)).toBe(4);

  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signInAs(page, ada, '/notifications');
  const rows = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`${cy.username} and ${bo.username} started following you`);
  await expect(rows.nth(1)).toContainText(`${cy.username} and ${bo.username} liked your post`);
  await expect(rows.nth(1).getByRole('link')).toHaveAttribute('href', `/post/${postId}`);
  await expect(rows.filter({ hasText: 'Unread' })).toHaveCount(2);
  expect(await seriousViolationsInBothThemes(page)).toEqual(NO_VIOLATIONS);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: testInfo.outputPath('groups-desktop-1280.png') });

  // Di likes while the page is open: the socket's push moves the like row up and counts Di, no new row.
  await page.setViewportSize({ width: 375, height: 740 });
  expect((await callAs(request, di, 'PUT', `/api/posts/${postId}/like`)).status).toBe(200);
  await expect(rows.nth(0)).toContainText(`${di.username} and 2 others liked your post`);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(`${cy.username} and ${bo.username} started following you`);
  expect(await seriousViolationsInBothThemes(page)).toEqual(NO_VIOLATIONS);
  await page.screenshot({ path: testInfo.outputPath('groups-phone-375-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });

  // Mark all read: the rows stay as they were grouped, without their unread marks.
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(rows.filter({ hasText: 'Unread' })).toHaveCount(0);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`${di.username} and 2 others liked your post`);
  await expect(page.getByTestId('unread-dot')).toHaveCount(0);
  // The screen marks them at once; the server has them read once its answer to the click is in.
  await expect
    .poll(async () => {
      const groups = (await callAs(request, ada, 'GET', '/api/notifications/groups')).body as {
        read: boolean;
      }[];
      return groups.map((group) => group.read);
    })
    .toEqual([true, true]);
});
