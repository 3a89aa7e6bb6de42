import { expect, test, type Page } from '@playwright/test';
import { uniqueName } from '../support/accounts';
import { callAs, signInAs, signUpViaApi, type ApiUser } from '../support/api';
import { NO_VIOLATIONS, seriousViolationsInBothThemes } from '../support/axe';

// Issue 20, block and mute (docs/safety.md): A blocks B from B's profile (B then finds A not found, and the follows
// between them are gone), at phone width; A mutes C from C's card (C's posts vanish for A only), at desktop width,
// with Settings' list of muted accounts checked by axe in both themes.

const cardOf = (page: Page, content: string) =>
  page.getByRole('main').getByRole('article').filter({ hasText: content });

async function publish(request: Parameters<typeof callAs>[0], user: ApiUser, content: string) {
  expect((await callAs(request, user, 'POST', '/api/posts', { content })).status).toBe(201);
}

test('phone: A blocks B from the profile; B sees A as not found; the follows between them are gone', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const viewport = { width: 375, height: 740 };
  const a = await signUpViaApi(request, uniqueName('bka'));
  const b = await signUpViaApi(request, uniqueName('bkb'));
  for (const [who, whom] of [
    [a, b],
    [b, a],
  ] as const)
    // A member just signed up has a profile once the users service has read the registration: until then a 404.
    await expect
      .poll(async () => (await callAs(request, who, 'PUT', `/api/users/${whom.username}/follow`)).status)
      .toBe(200);
  const aPost = `A writes ${uniqueName('p')}`;
  await publish(request, a, aPost);
  // B's own post: B's feed has it whatever else the run has published so far (this suite may run
  // first of all, on a feed that holds only these two).
  const bPost = `B writes ${uniqueName('p')}`;
  await publish(request, b, bPost);

  const pageA = await (await browser.newContext({ viewport })).newPage();
  await signInAs(pageA, a, `/profile/${b.username}`);
  await expect(pageA.getByRole('heading', { level: 1 })).toBeVisible();
  await pageA.getByRole('button', { name: `More actions for @${b.username}` }).click();
  await pageA.getByRole('menuitem', { name: `Block @${b.username}` }).click();
  const dialog = pageA.getByRole('dialog', { name: `Block @${b.username}?` });
  await expect(dialog).toContainText('Follows between you end');
  await dialog.getByRole('button', { name: 'Block' }).click();
  await expect(pageA.getByText(`You blocked @${b.username}.`)).toBeVisible();
  await expect(pageA.getByRole('button', { name: /^(Follow|Following|Unfollow)/ })).toHaveCount(0);
  expect(await pageA.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // B: A's profile is the missing member's screen, and A's post is nowhere in B's feed.
  const pageB = await (await browser.newContext({ viewport })).newPage();
  await signInAs(pageB, b, `/profile/${a.username}`);
  await expect(pageB.getByText('User Not Found')).toBeVisible();
  await pageB.goto('/feed');
  await expect(cardOf(pageB, bPost)).toBeVisible();
  await expect(cardOf(pageB, aPost)).toHaveCount(0);

  // The follows ended both ways: counts and lists agree.
  const profile = (await callAs(request, a, 'GET', `/api/users/${a.username}`)).body as {
    user: { followersCount: number; followingCount: number };
  };
  expect(profile.user).toMatchObject({ followersCount: 0, followingCount: 0 });
  expect((await callAs(request, b, 'PUT', `/api/users/${a.username}/follow`)).status).toBe(404);
});

test('desktop: A mutes C from a card; C’s posts vanish for A only; Settings lists C with Unmute (axe, both themes)', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const viewport = { width: 1280, height: 800 };
  const a = await signUpViaApi(request, uniqueName('mta'));
  const c = await signUpViaApi(request, uniqueName('mtc'));
  const d = await signUpViaApi(request, uniqueName('mtd'));
  const cPost = `C says ${uniqueName('p')}`;
  await publish(request, c, cPost);
  // A's own post: A's feed is never empty after the mute, whatever else the run has published so far.
  const aPost = `A says ${uniqueName('p')}`;
  await publish(request, a, aPost);

  const pageA = await (await browser.newContext({ viewport })).newPage();
  await signInAs(pageA, a, '/feed');
  const card = cardOf(pageA, cPost);
  await card.getByRole('button', { name: 'More actions for this post' }).click();
  await pageA.getByRole('menuitem', { name: `Mute @${c.username}` }).click();
  await expect(pageA.getByText(`You muted @${c.username}.`)).toBeVisible();
  await expect(cardOf(pageA, cPost)).toHaveCount(0);
  await pageA.reload();
  await expect(cardOf(pageA, aPost)).toBeVisible();
  await expect(cardOf(pageA, cPost)).toHaveCount(0);

  // Someone else still sees C's post.
  const pageD = await (await browser.newContext({ viewport })).newPage();
  await signInAs(pageD, d, '/feed');
  await expect(cardOf(pageD, cPost)).toBeVisible();

  // Settings: C under Muted, checked in both themes; Unmute takes C out.
  await pageA.goto('/settings');
  const section = pageA.getByRole('region', { name: 'Blocked and muted accounts' });
  const muted = section.getByRole('group', { name: 'Muted' });
  await expect(muted.getByRole('link', { name: c.username })).toBeVisible();
  await expect(section.getByRole('group', { name: 'Blocked' })).toContainText("You haven't blocked anyone.");
  expect(await seriousViolationsInBothThemes(pageA)).toEqual(NO_VIOLATIONS);
  await muted.getByRole('button', { name: `Unmute @${c.username}` }).click();
  await expect(muted).toContainText("You haven't muted anyone.");
  await pageA.goto('/feed');
  await expect(cardOf(pageA, cPost)).toBeVisible();
});
