import { expect, test, type Page } from '@playwright/test';
import { signedInMember, uniqueName } from '../support/accounts';
import { publishPosts, tokenOf } from '../support/api';

/** The card of the post whose text is `content`. */
const cardOf = (page: Page, content: string) => page.getByRole('article').filter({ hasText: content });

test('publish with a snippet → top of the feed → like, comment, share, detail → delete', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const username = uniqueName('ada');
  await signedInMember(page, username);
  const content = `Binary search in one breath ${username}`;
  // An older post of the same member: the new one must come out above it. (Not "first of all the feed": another
  // e2e worker may publish in the same moment.)
  const earlier = `Warm-up post by ${username}`;
  await publishPosts(page.request, await tokenOf(page), [earlier]);

  await page.goto('/create-post');
  const publish = page.getByRole('button', { name: 'Publish' });
  await expect(publish).toBeDisabled();
  await page.getByLabel(/post text|what/i).fill(content);
  await page.getByLabel('Language').selectOption('python');
  const code = page.getByLabel(/code/i).and(page.locator('textarea'));
  await code.fill('def find(xs, x):\n    return bisect.bisect_left(xs, x)');
  await publish.click();
  await expect(page).toHaveURL(/\/feed$/);

  const card = cardOf(page, content);
  await expect(card).toBeVisible();
  const articles = page.getByRole('article');
  const texts = await articles.allTextContents();
  const at = texts.findIndex((text) => text.includes(content));
  expect(at).toBeGreaterThanOrEqual(0);
  // Above the older post, or that one is not even on the first page any more (the other worker's journeys publish
  // too, and enough of them in between push it to the next page).
  const earlierAt = texts.findIndex((text) => text.includes(earlier));
  expect(earlierAt === -1 || at < earlierAt).toBe(true);
  await expect(card.getByRole('region', { name: 'Python code snippet' })).toContainText('bisect.bisect_left');
  await expect(card.getByText(/posted on/)).toBeVisible();

  const like = card.getByRole('button', { name: /like/i }).first();
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toContainText('1');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like).toContainText('0');

  await card.getByRole('button', { name: '0 Comments' }).click();
  await expect(card.getByText('No comments yet. Be the first to comment!')).toBeVisible();
  await card.getByRole('button', { name: 'Add a comment' }).click();
  await card.getByRole('textbox').fill('Neat trick');
  await card.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(card.getByText('Neat trick')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Hide Comments' })).toBeVisible();

  await card.getByRole('button', { name: 'Comment actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await card.getByRole('textbox').fill('Neat trick, thanks');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByText('Neat trick, thanks')).toBeVisible();
  await expect(card.getByText('edited')).toBeVisible();

  await card.getByRole('button', { name: 'Comment actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(card.getByText('Neat trick, thanks')).toHaveCount(0);

  await card.getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog');
  const link = await share.getByRole('textbox').inputValue();
  expect(link).toMatch(/\/post\/[0-9a-f]{24}$/);
  await share.getByRole('button', { name: 'Copy' }).click();
  await expect(share.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await page.keyboard.press('Escape');
  await expect(share).toHaveCount(0);

  await card.getByRole('link', { name: 'View Details' }).click();
  await expect(page).toHaveURL(new URL(link).pathname);
  await expect(page.getByRole('link', { name: 'Back to Feed' })).toBeVisible();
  await expect(page.getByRole('article')).toContainText(content);

  await page.getByRole('button', { name: /delete post/i }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(/\/feed$/);
  await expect(cardOf(page, content)).toHaveCount(0);

  await page.goto(new URL(link).pathname);
  await expect(page.getByText('Post Not Found', { exact: true })).toBeVisible();
  await expect(page.getByText("This post doesn't exist or was deleted.")).toBeVisible();
  await page.getByRole('button', { name: 'Back to Feed' }).click();
  await expect(page).toHaveURL(/\/feed$/);
});

test('a snippet over 15 lines folds with View full code / Show less code', async ({ page, request }) => {
  const username = uniqueName('fold');
  await signedInMember(page, username);
  const content = `Twenty lines from ${username}`;
  const snippet = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n');
  const response = await request.post('/api/posts', {
    headers: { Authorization: `Bearer ${await tokenOf(page)}` },
    data: { content, codeSnippet: snippet, codeLanguage: 'other' },
  });
  expect(response.status()).toBe(201);
  await page.reload();

  const card = cardOf(page, content);
  await expect(card.getByText('line 15', { exact: true })).toBeVisible();
  await expect(card.getByText('line 16', { exact: true })).toHaveCount(0);
  await card.getByRole('button', { name: 'View full code (20 lines)' }).click();
  await expect(card.getByText('line 20', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Show less code' }).click();
  await expect(card.getByText('line 20', { exact: true })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('Cancel on the create screen asks first; Discard All clears the form', async ({ page }) => {
    await signedInMember(page, uniqueName('phone'));
    await page.goto('/create-post');
    const text = page.getByLabel(/post text|what/i);
    await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
    await text.fill('Half a thought');
    await page.getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to cancel your post?' });
    await expect(dialog).toContainText('Your changes will be lost if you leave this page.');
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(text).toHaveValue('Half a thought');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByRole('button', { name: 'Discard All' }).click();
    await expect(text).toHaveValue('');
  });
});
