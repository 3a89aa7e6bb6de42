import { expect, test, type Page } from '@playwright/test';
import { uniqueName } from '../support/accounts';
import { callAs, publishPosts, signInAs, signUpViaApi } from '../support/api';

const metrics = (page: Page) => page.getByRole('region', { name: 'Profile Metrics' });

test('A follows B: both profiles count it; B goes private: C sees no posts, A (a follower) does', async ({
  browser,
  request,
}) => {
  const [a, b, c] = [
    await signUpViaApi(request, uniqueName('ada')),
    await signUpViaApi(request, uniqueName('bob')),
    await signUpViaApi(request, uniqueName('cy')),
  ];
  await publishPosts(request, b.token, [`Only for friends, by ${b.username}`]);

  const pageA = await (await browser.newContext()).newPage();
  await signInAs(pageA, a, `/profile/${b.username}`);
  await expect(pageA.getByRole('heading', { name: b.username })).toBeVisible();
  await pageA.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(pageA.getByRole('button', { name: 'Following' })).toBeVisible();
  await expect(metrics(pageA).getByRole('link', { name: /Followers/ })).toContainText('1');

  await pageA.goto(`/profile/${a.username}`);
  await expect(metrics(pageA).getByRole('link', { name: /Following/ })).toContainText('1');
  await metrics(pageA)
    .getByRole('link', { name: /Following/ })
    .click();
  await expect(pageA).toHaveURL(new RegExp(`/profile/${a.username}/following$`));
  await expect(pageA.getByText(`@${b.username}`)).toBeVisible();

  expect((await callAs(request, b, 'PUT', `/api/users/${b.id}/privacy`, { isPrivate: true })).status).toBe(
    200,
  );

  const pageC = await (await browser.newContext()).newPage();
  await signInAs(pageC, c, `/profile/${b.username}`);
  await expect(pageC.getByText('This profile is private')).toBeVisible();
  await expect(pageC.getByText('Follow this user to see their posts and metrics.')).toBeVisible();
  await expect(pageC.getByText(`Only for friends, by ${b.username}`)).toHaveCount(0);
  await expect(metrics(pageC)).toHaveCount(0);

  await pageA.goto(`/profile/${b.username}`);
  await expect(pageA.getByText(`Only for friends, by ${b.username}`)).toBeVisible();
  await expect(pageA.getByText('This profile is private')).toHaveCount(0);
});

test('edit profile round trip: the new name, bio, skills and link show on the profile', async ({
  page,
  request,
}) => {
  const me = await signUpViaApi(request, uniqueName('edith'));
  await signInAs(page, me, '/edit-profile');
  await page.getByLabel('Display Name').fill('  Edith Clarke  ');
  await page.getByLabel('Bio').fill('Power systems, then software.');
  const skill = page.getByLabel('Skills', { exact: true });
  await skill.fill('TypeScript');
  await skill.press('Enter');
  await skill.fill('typescript');
  await page.getByRole('button', { name: 'Add' }).click();
  await skill.fill('Rust');
  await skill.press('Enter');
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(2);
  await page.getByLabel('GitHub Profile URL').fill('https://github.com/edith');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/profile/${me.username}$`), { timeout: 5_000 });
  await expect(page.getByRole('heading', { name: 'Edith Clarke' })).toBeVisible();
  await expect(page.getByText('Power systems, then software.').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /github\.com\/edith/ })).toHaveAttribute(
    'href',
    'https://github.com/edith',
  );
  // The top bar follows the new name (the session user was updated).
  await expect(page.getByRole('link', { name: 'Your profile (Edith Clarke)' })).toBeVisible();
});

test('explore finds developers by text and by skill', async ({ page, request }) => {
  const skill = `Zig${Date.now().toString(36)}`;
  const dev = await signUpViaApi(request, uniqueName('zed'));
  expect(
    (await callAs(request, dev, 'PUT', `/api/users/${dev.id}`, { displayName: 'Zed Shaw', skills: [skill] }))
      .status,
  ).toBe(200);
  const me = await signUpViaApi(request, uniqueName('viewer'));
  await signInAs(page, me, '/explore');
  await expect(page.getByText('Search for developers')).toBeVisible();

  await page.getByRole('searchbox').fill(dev.username.toUpperCase());
  await expect(page.getByText(`1 developer(s) found matching "${dev.username.toUpperCase()}"`)).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: `@${dev.username}` });
  await expect(card).toContainText('Zed Shaw');

  // The skill dropdown offers the skills of the loaded results (§2, issue 21): narrow the search by one.
  await page.getByRole('combobox', { name: 'Skill' }).selectOption(skill);
  await expect(
    page.getByText(`1 developer(s) found matching "${dev.username.toUpperCase()}" with skill "${skill}"`),
  ).toBeVisible();
  await card.getByRole('link', { name: 'View Profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${dev.username}$`));
  await expect(page.getByRole('heading', { name: 'Zed Shaw' })).toBeVisible();
});
