import { expect, test, type Page } from '@playwright/test';
import { uniqueName } from '../support/accounts';
import { callAs, signInAs, signUpViaApi } from '../support/api';
import { NO_VIOLATIONS, seriousViolationsInBothThemes } from '../support/axe';

// Issue 19: a member bookmarks posts from the feed, finds them under Bookmarks (the rail on a desktop, the profile
// tab on a phone), removes one, and a post its author deletes leaves no bookmark behind.

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 375, height: 740 } },
];

/** The card of the post whose text is `content`, in `page`'s main area. */
const cardOf = (page: Page, content: string) =>
  page.getByRole('main').getByRole('article').filter({ hasText: content });

for (const { name, viewport } of WIDTHS) {
  test(`${name}: bookmark from the feed, find it under Bookmarks, remove it; a deleted post's bookmark is gone`, async ({
    browser,
    request,
  }) => {
    // Two axe scans in both themes and a reload on two shared cores: more than the default 30 s.
    test.setTimeout(90_000);
    const phone = viewport.width < 768;
    const author = await signUpViaApi(request, uniqueName('bma'));
    const reader = await signUpViaApi(request, uniqueName('bmr'));
    const kept = `Kept for later ${uniqueName('k')}`;
    const doomed = `Soon deleted ${uniqueName('d')}`;
    const created: { _id: string }[] = [];
    for (const content of [kept, doomed]) {
      const reply = await callAs(request, author, 'POST', '/api/posts', { content });
      expect(reply.status).toBe(201);
      created.push(reply.body as { _id: string });
    }

    const page = await (await browser.newContext({ viewport })).newPage();
    await signInAs(page, reader, '/feed');
    // Saved in this order, so the list (the most recently saved first) shows the doomed post first.
    for (const content of [kept, doomed]) {
      const control = cardOf(page, content).getByRole('button', { name: 'Bookmark' });
      await control.click();
      await expect(cardOf(page, content).getByRole('button', { name: 'Remove bookmark' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(cardOf(page, content).getByRole('button', { name: 'Remove bookmark' })).toBeEnabled();
    }

    if (phone) {
      // No rail on a phone: the profile tab, then the owner's Bookmarks beside Edit Profile.
      await page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: 'Profile' }).click();
      await page.getByRole('main').getByRole('link', { name: 'Bookmarks' }).click();
    } else {
      await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Bookmarks' })
        .click();
    }
    await expect(page).toHaveURL(/\/bookmarks$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Bookmarks' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Bookmarked posts' });
    await expect(list.getByRole('article')).toHaveCount(2);
    await expect(list.getByRole('article').first()).toContainText(doomed);
    await expect(list.getByRole('article').nth(1)).toContainText(kept);
    // The row of actions with the bookmark fits a phone: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolationsInBothThemes(page)).toEqual(NO_VIOLATIONS);

    // Removed here: the card stays with its control off until the next visit.
    await cardOf(page, kept).getByRole('button', { name: 'Remove bookmark' }).click();
    const off = cardOf(page, kept).getByRole('button', { name: 'Bookmark' });
    await expect(off).toHaveAttribute('aria-pressed', 'false');
    await expect(off).toBeEnabled();

    // The author deletes the other post: it takes its bookmark with it.
    expect((await callAs(request, author, 'DELETE', `/api/posts/${created[1]._id}`)).status).toBe(200);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Bookmarks' })).toBeVisible();
    await expect(page.getByText('No bookmarks yet')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
  });
}
