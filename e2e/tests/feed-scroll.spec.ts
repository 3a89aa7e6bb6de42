import { expect, test, type Page } from '@playwright/test';
import { signedInMember, uniqueName } from '../support/accounts';
import { publishPosts, tokenOf } from '../support/api';

/**
 * Runs in a project of its own after every other feed-reading suite (e2e/playwright.config.ts): its 27 posts
 * would push the posts other suites just published off the first page of the one feed they all share.
 */

/** The card of the post whose text is `content`. */
const cardOf = (page: Page, content: string) => page.getByRole('article').filter({ hasText: content });

test('infinite scroll walks 25+ posts to the end message', async ({ page, request }) => {
  const username = uniqueName('scroll');
  await signedInMember(page, username);
  const contents = Array.from({ length: 27 }, (_, i) => `Scroll post ${i + 1} by ${username}`);
  await publishPosts(request, await tokenOf(page), contents);
  await page.reload();

  await expect(cardOf(page, contents[26])).toBeVisible();
  // Scrolling to the bottom again and again loads the older pages; the oldest of ours appears.
  const oldest = cardOf(page, contents[0]);
  await expect(async () => {
    await page.mouse.wheel(0, 20_000);
    await expect(oldest).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  // Each of our posts appears exactly once.
  for (const content of [contents[0], contents[13], contents[26]])
    await expect(cardOf(page, content)).toHaveCount(1);
  await expect(async () => {
    await page.mouse.wheel(0, 20_000);
    await expect(page.getByText("You've reached the end! Great job exploring.")).toBeVisible({
      timeout: 3_000,
    });
  }).toPass({ timeout: 60_000 });
});
