import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { registerThroughUi, signedInMember, uniqueName } from '../support/accounts';
import { publishPosts, tokenOf } from '../support/api';
import { NO_VIOLATIONS, seriousViolationsInBothThemes } from '../support/axe';

// An axe scan is CPU-heavy: on a machine shared with other work, a signed-in screen's load and two scans took
// over the 30 s default. The scans wait for conditions; this is their budget, not a pause.
test.describe.configure({ timeout: 90_000 });

/** No serious or critical axe-core violations on each screen, in the light theme and in the dark one. */
for (const [name, path, ready] of [
  ['landing', '/', 'Get Started Free'],
  ['login', '/login', 'Welcome back'],
  ['register', '/register', 'Create Account'],
  ['features', '/features', 'Everything you need to share code'],
  ['support', '/support', 'Frequently asked questions'],
  ['privacy', '/privacy', 'What we keep'],
  ['terms', '/terms', 'Acceptable use'],
] as const) {
  test(`${name} has no serious or critical axe violations (light and dark)`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByText(ready).first()).toBeVisible();
    expect(await seriousViolationsInBothThemes(page)).toEqual(NO_VIOLATIONS);
  });
}

/** The signed-in screens, one after another for one member registered once (a registration is the slow part). */
test.describe('signed in', () => {
  test.describe.configure({ mode: 'serial' });
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    // A context of its own (axe's builder needs one, not the browser's default page).
    context = await browser.newContext();
    page = await context.newPage();
    await signedInMember(page, uniqueName('axe'));
  });
  test.afterAll(() => context.close());

  for (const [name, path, ready] of [
    ['feed', '/feed', { role: 'heading', text: 'Feed' }],
    ['create post', '/create-post', { role: 'heading', text: 'Create Post' }],
    ['explore', '/explore', { role: 'heading', text: 'explore' }],
    ['edit profile', '/edit-profile', { role: 'heading', text: 'Edit Profile' }],
    ['logout confirm', '/logout-confirm', { role: 'heading', text: 'Logout from DevCircle?' }],
    ['messages dialog', '/messages', { role: 'dialog', text: 'Messages Coming Soon!' }],
    ['settings', '/settings', { role: 'heading', text: 'Settings' }],
    ['notifications (empty)', '/notifications', { role: 'heading', text: /^Notifications$/ }],
  ] as const) {
    test(`${name} has no serious or critical axe violations (light and dark)`, async () => {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole(ready.role).filter({ hasText: ready.text })).toBeVisible({
        timeout: 15_000,
      });
      expect(await seriousViolationsInBothThemes(page)).toEqual(NO_VIOLATIONS);
    });
  }
});

test("the feed's welcome dialog, a card with code and comments, and post detail have no serious or critical axe violations (light and dark)", async ({
  page,
  request,
}) => {
  const username = uniqueName('axecard');
  await registerThroughUi(page, username, undefined, { welcome: 'leave' });
  await expect(page.getByRole('dialog', { name: 'Welcome to Feed' })).toBeVisible();
  expect(await seriousViolationsInBothThemes(page)).toEqual(NO_VIOLATIONS);
  await page.getByRole('button', { name: 'Load Posts' }).click();

  const token = await tokenOf(page);
  await publishPosts(request, token, [`Accessible card by ${username}`]);
  const created = await request.post('/api/posts', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      content: `Code card by ${username}`,
      codeSnippet: 'const x = 1;\nconsole.log(x);',
      codeLanguage: 'javascript',
    },
  });
  const { _id: postId } = (await created.json()) as { _id: string };
  await request.post(`/api/posts/${postId}/comment`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { text: 'A comment to check' },
  });
  await page.reload();
  const card = page.getByRole('article').filter({ hasText: `Code card by ${username}` });
  await card.getByRole('button', { name: '1 Comment' }).click();
  await expect(card.getByText('A comment to check')).toBeVisible();
  expect(await seriousViolationsInBothThemes(page)).toEqual(NO_VIOLATIONS);

  await page.goto(`/post/${postId}`);
  await expect(page.getByRole('link', { name: 'Back to Feed' })).toBeVisible();
  await expect(page.getByText('A comment to check')).toBeVisible();
  expect(await seriousViolationsInBothThemes(page)).toEqual(NO_VIOLATIONS);
});

test('a profile with posts and its followers list have no serious or critical axe violations (light and dark)', async ({
  page,
  request,
}) => {
  const username = uniqueName('axeprofile');
  await signedInMember(page, username);
  await publishPosts(request, await tokenOf(page), [`A post on the profile of ${username}`]);
  await page.goto(`/profile/${username}`);
  await expect(page.getByText(`A post on the profile of ${username}`)).toBeVisible();
  expect(await seriousViolationsInBothThemes(page)).toEqual(NO_VIOLATIONS);
  await page.goto(`/profile/${username}/followers`);
  await expect(page.getByText('No followers yet.')).toBeVisible();
  expect(await seriousViolationsInBothThemes(page)).toEqual(NO_VIOLATIONS);
});
