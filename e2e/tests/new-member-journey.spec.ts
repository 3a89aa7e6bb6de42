import { expect, test, type Page } from '@playwright/test';
import { registerThroughUi, uniqueName } from '../support/accounts';
import { callAs, signInAs, signUpViaApi, tokenOf, type ApiUser } from '../support/api';
import { NO_VIOLATIONS, seriousViolationsInBothThemes } from '../support/axe';

// Issue 19's "Done when", as one journey at phone width (375 px; the parts' own specs run at 1280 px): a new member
// registers, follows someone and reads them under Following, writes markdown with a mention and a tag, the
// mentioned member is told at once in a browser of their own, the tag opens its view, the post is bookmarked and
// found under Bookmarks, and two likes arrive as one grouped notification. Axe in both themes on the screens
// issue 19 added (Following, the tag view, Bookmarks, the grouped notifications).

const PHONE = { width: 375, height: 740 };

const tab = (page: Page, name: string) =>
  page.getByRole('tablist', { name: 'Feed' }).getByRole('tab', { name, exact: true });
const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const unreadMark = (page: Page) =>
  page.getByRole('main').getByRole('link', { name: 'Notifications, unread' });

test('phone: a new member follows, posts markdown with a mention and a tag, bookmarks it, and gets grouped notifications', async ({
  browser,
  request,
}) => {
  // A registration, two browsers, a follow and likes that travel by event, four axe scans in both themes on two
  // shared cores: a budget of its own.
  test.setTimeout(150_000);
  const friend = await signUpViaApi(request, uniqueName('njf'));
  const stranger = await signUpViaApi(request, uniqueName('njs'));
  const fan = await signUpViaApi(request, uniqueName('njl'));
  const fromFriend = `Notes from a friend ${uniqueName('f')}`;
  const fromStranger = `Notes from a stranger ${uniqueName('s')}`;
  for (const [author, content] of [
    [friend, fromFriend],
    [stranger, fromStranger],
  ] as const)
    expect((await callAs(request, author, 'POST', '/api/posts', { content })).status).toBe(201);

  // The friend waits on the feed in a browser of their own.
  const pageF = await (await browser.newContext({ viewport: PHONE })).newPage();
  await signInAs(pageF, friend, '/feed');
  await expect(pageF.getByRole('main')).toBeVisible();
  await expect(unreadMark(pageF)).toHaveCount(0);

  // Registers through the screens, then follows the friend from their profile.
  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
  const username = uniqueName('njn');
  await registerThroughUi(page, username);
  const member: ApiUser = { token: await tokenOf(page), id: '', username };
  await page.goto(`/profile/${friend.username}`);
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
  // The posts service learns of the follow by event.
  await expect
    .poll(async () =>
      JSON.stringify((await callAs(request, member, 'GET', '/api/posts?scope=following')).body),
    )
    .toContain(fromFriend);

  await page.goto('/feed');
  await tab(page, 'Following').click();
  const feed = page.getByRole('main').getByRole('list', { name: 'Posts' });
  await expect(feed.getByText(fromFriend)).toBeVisible();
  await expect(feed.getByText(fromStranger)).toHaveCount(0);
  expect(await noSidewaysScroll(page)).toBe(true);
  expect(await seriousViolationsInBothThemes(page)).toEqual(NO_VIOLATIONS);

  // Markdown, a mention picked from the suggestions, and a tag.
  const tag = uniqueName('jt').toLowerCase();
  await page.goto('/create-post');
  const text = page.getByRole('combobox', { name: 'What do you want to share?' });
  await text.fill('**First post** here, thanks ');
  await text.press('End');
  await text.pressSequentially(`@${friend.username.slice(0, 6)}`);
  await expect(
    page
      .getByRole('listbox', { name: 'Members to mention' })
      .getByRole('option', { name: new RegExp(`@${friend.username}`) }),
  ).toBeVisible();
  await text.press('Enter');
  await text.pressSequentially(`#${tag}`);
  await expect(text).toHaveValue(`**First post** here, thanks @${friend.username} #${tag}`);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page).toHaveURL(/\/feed$/);

  // The friend is told without a reload.
  await expect(unreadMark(pageF)).toBeVisible();
  await pageF.goto('/notifications');
  await expect(
    pageF
      .getByRole('main')
      .getByRole('link')
      .filter({ hasText: `${username} mentioned you` }),
  ).toBeVisible();

  // The post (under Following: one's own posts are there too) renders its markdown; its tag opens the tag view.
  const card = page
    .getByRole('main')
    .getByRole('article')
    .filter({ hasText: `#${tag}` });
  await expect(card.locator('strong')).toHaveText('First post');
  await card.getByRole('link', { name: `#${tag}` }).click();
  await expect(page).toHaveURL(new RegExp(`/tags/${tag}$`));
  await expect(page.getByRole('heading', { level: 1, name: `#${tag}` })).toBeVisible();
  const tagged = page.getByRole('list', { name: `Posts tagged #${tag}` }).getByRole('article');
  await expect(tagged).toHaveCount(1);
  expect(await seriousViolationsInBothThemes(page)).toEqual(NO_VIOLATIONS);

  // Bookmarked from the tag view, found under Bookmarks (on a phone: the profile tab, then Bookmarks).
  await tagged.getByRole('button', { name: 'Bookmark' }).click();
  await expect(tagged.getByRole('button', { name: 'Remove bookmark' })).toBeEnabled();
  await page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: 'Profile' }).click();
  await page.getByRole('main').getByRole('link', { name: 'Bookmarks' }).click();
  await expect(page).toHaveURL(/\/bookmarks$/);
  const saved = page.getByRole('list', { name: 'Bookmarked posts' }).getByRole('article');
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText('First post');
  expect(await noSidewaysScroll(page)).toBe(true);
  expect(await seriousViolationsInBothThemes(page)).toEqual(NO_VIOLATIONS);

  // Two members like the post: one grouped row, unread.
  const { body } = await callAs(request, member, 'GET', `/api/tags/${tag}/posts`);
  const postId = (body as { posts: { _id: string }[] }).posts[0]._id;
  for (const liker of [friend, fan])
    expect((await callAs(request, liker, 'PUT', `/api/posts/${postId}/like`)).status).toBe(200);
  // On a phone the bell is the feed's own: Home, its unread mark, and the grouped list.
  await page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: 'Home' }).click();
  await unreadMark(page).click();
  await expect(page).toHaveURL(/\/notifications$/);
  const rows = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
  await expect(rows.filter({ hasText: 'liked your post' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'liked your post' })).toContainText(
    new RegExp(
      `(${fan.username} and ${friend.username}|${friend.username} and ${fan.username}) liked your post`,
    ),
  );
  await expect(rows.filter({ hasText: 'Unread' })).toHaveCount(1);
  expect(await seriousViolationsInBothThemes(page)).toEqual(NO_VIOLATIONS);
});
