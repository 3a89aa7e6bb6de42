import { expect, test } from '@playwright/test';
import { registerThroughUi, uniqueName } from '../support/accounts';
import { publishPosts, tokenOf } from '../support/api';
import { seriousViolations } from '../support/axe';

// An axe scan is CPU-heavy: on a machine shared with other work, a signed-in screen's registration, load and scan
// took just over the 30 s default once. The scans wait for conditions; this is their budget, not a pause.
test.describe.configure({ timeout: 90_000 });

/** No serious or critical axe-core violations on the screens that exist so far, in both themes. */
for (const colorScheme of ['light', 'dark'] as const) {
  for (const [name, path, ready] of [
    ['landing', '/', 'Get Started Free'],
    ['login', '/login', 'Welcome back'],
    ['register', '/register', 'Create Account'],
    ['features', '/features', 'Everything you need to share code'],
    ['support', '/support', 'Frequently asked questions'],
    ['privacy', '/privacy', 'What we keep'],
    ['terms', '/terms', 'Acceptable use'],
  ] as const) {
    test(`${name} (${colorScheme}) has no serious or critical axe violations`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto(path);
      await expect(page.getByText(ready).first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
}

/** The signed-in screens, in both themes, each with a freshly registered user. */
for (const colorScheme of ['light', 'dark'] as const) {
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
    test(`signed-in ${name} (${colorScheme}) has no serious or critical axe violations`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await registerThroughUi(page, uniqueName('axe'));
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole(ready.role).filter({ hasText: ready.text })).toBeVisible({
        timeout: 15_000,
      });
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the feed's welcome dialog, a card with code and comments, and post detail (${colorScheme}) have no serious or critical axe violations`, async ({
    page,
    request,
  }) => {
    await page.emulateMedia({ colorScheme });
    const username = uniqueName('axecard');
    await registerThroughUi(page, username, undefined, { welcome: 'leave' });
    await expect(page.getByRole('dialog', { name: 'Welcome to Feed' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
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
    await card.getByRole('button', { name: '1 Comments' }).click();
    await expect(card.getByText('A comment to check')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`/post/${postId}`);
    await expect(page.getByRole('link', { name: 'Back to Feed' })).toBeVisible();
    await expect(page.getByText('A comment to check')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`a profile with posts and its followers list (${colorScheme}) have no serious or critical axe violations`, async ({
    page,
    request,
  }) => {
    await page.emulateMedia({ colorScheme });
    const username = uniqueName('axeprofile');
    await registerThroughUi(page, username);
    await publishPosts(request, await tokenOf(page), [`A post on the profile of ${username}`]);
    await page.goto(`/profile/${username}`);
    await expect(page.getByText(`A post on the profile of ${username}`)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`/profile/${username}/followers`);
    await expect(page.getByText('No followers yet.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
