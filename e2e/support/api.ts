import type { APIRequestContext, Page } from '@playwright/test';

/** The signed-in page's bearer token, as the SDK stored it (§9: local storage key `token`). */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  if (!token) throw new Error('the page has no session token');
  return token;
}

/** Publishes posts straight through the gateway as the page's user (faster than the UI for bulk data). */
export async function publishPosts(
  request: APIRequestContext,
  token: string,
  contents: string[],
): Promise<void> {
  for (const content of contents) {
    const response = await request.post('/api/posts', {
      headers: { Authorization: `Bearer ${token}` },
      data: { content },
    });
    if (!response.ok()) throw new Error(`publishing failed: ${response.status()} ${await response.text()}`);
  }
}
