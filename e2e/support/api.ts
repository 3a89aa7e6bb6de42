import type { APIRequestContext, Page } from '@playwright/test';
import { outboxFiles, registrationLinkFor, tokenOfLink } from './outbox';

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

export interface ApiUser {
  token: string;
  id: string;
  username: string;
}

/**
 * Registers a member straight through the gateway (for the other people in a multi-user journey), as a person does:
 * the registration, the link mailed to the address (from the outbox), its confirmation, which signs in.
 */
export async function signUpViaApi(
  request: APIRequestContext,
  username: string,
  password = 'secret123',
): Promise<ApiUser> {
  const email = `${username}@example.com`;
  const seen = await outboxFiles();
  const response = await request.post('/api/auth/register', {
    data: { username, email, password },
  });
  if (response.status() !== 202) {
    throw new Error(`register failed: ${response.status()} ${await response.text()}`);
  }
  const token = tokenOfLink(await registrationLinkFor(email, seen));
  const confirmed = await request.post('/api/auth/register/confirm', { data: { token } });
  if (confirmed.status() !== 201) {
    throw new Error(`confirm failed: ${confirmed.status()} ${await confirmed.text()}`);
  }
  const { token: session, user } = (await confirmed.json()) as {
    token: string;
    user: { id: string; username: string };
  };
  return { token: session, id: user.id, username: user.username };
}

/** Opens the app signed in as `user` (the token in local storage, as the SDK keeps it; no feed welcome dialog). */
export async function signInAs(page: Page, user: ApiUser, path = '/feed'): Promise<void> {
  // A same-origin document that runs no script (the app's would start, splash and all, only to be left).
  await page.goto('/remotes.json');
  await page.evaluate((token) => {
    window.localStorage.setItem('token', token);
    window.sessionStorage.setItem('hasSeenFeedModal', 'true');
  }, user.token);
  await page.goto(path);
}

/** A JSON call through the gateway as `user`. */
export async function callAs(
  request: APIRequestContext,
  user: ApiUser,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${user.token}` },
    data,
  });
  const text = await response.text();
  return { status: response.status(), body: text ? JSON.parse(text) : undefined };
}
