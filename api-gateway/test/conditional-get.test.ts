import { signUp } from '@devcircle/service-test-kit';
import { bearer, rawRequest } from './helpers';
import { startStack, type Stack } from './stack';

/**
 * ETag and 304 through the gateway (docs/caching.md): the services tag every JSON answer to a GET with a hash of
 * its body and answer a matching If-None-Match with 304, and the gateway passes both headers through untouched.
 */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.stop());

interface Member {
  auth: Record<string, string>;
}

async function register(username: string): Promise<Member> {
  const { token } = await signUp(stack.gateway.url, stack.outboxDir, { username, password: 'etag-pass1' });
  return { auth: bearer(token) };
}

/**
 * A GET exactly as given: fetch would add `Cache-Control: no-cache` to a request with If-None-Match (as a browser
 * does when a script sets it), and that asks for a full answer.
 */
async function get(path: string, member: Member, headers: Record<string, string> = {}) {
  const response = await rawRequest(stack.gateway.url, { path, headers: { ...member.auth, ...headers } });
  return { status: response.status, body: response.body, header: (name: string) => response.headers[name] };
}

test('a repeated GET is a 304 with no body, a change gives a new tag, and no one gets a 304 for another’s answer', async () => {
  const ada = await register('etagada');
  const bob = await register('etagbob');
  // Long enough to be compressed (above 1 KB): the tag is the JSON's whichever encoding travels.
  const created = await fetch(`${stack.gateway.url}/api/posts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...ada.auth },
    body: JSON.stringify({ content: `tagged ${'x'.repeat(1500)}` }),
  });
  expect(created.status).toBe(201);
  const postId = ((await created.json()) as { _id: string })._id;

  const firstRead = await get('/api/posts', ada, { 'accept-encoding': 'br' });
  expect(firstRead.status).toBe(200);
  expect(firstRead.header('content-encoding')).toBe('br');
  const tag = firstRead.header('etag') as string;
  expect(tag).toMatch(/^"[\w-]{22}"$/);
  expect(firstRead.header('cache-control')).toBe('private, no-cache');
  expect(firstRead.header('content-type')).toBe('application/json; charset=utf-8');
  expect(firstRead.header('vary')).toMatch(/Authorization/);
  expect(firstRead.header('vary')).toMatch(/Accept-Encoding/);

  const again = await get('/api/posts', ada, { 'if-none-match': tag, 'accept-encoding': 'br' });
  expect(again.status).toBe(304);
  expect(again.body).toBe('');
  expect(again.header('etag')).toBe(tag);
  // The identity encoding carries the same JSON, so the same tag.
  expect((await get('/api/posts', ada, { 'if-none-match': tag, 'accept-encoding': 'identity' })).status).toBe(
    304,
  );

  // Bob's answer differs from Ada's only in likedByMe: his own tag, and Ada's tag is no match for it.
  expect(
    (await fetch(`${stack.gateway.url}/api/posts/${postId}/like`, { method: 'PUT', headers: bob.auth }))
      .status,
  ).toBe(200);
  const bobs = await get('/api/posts', bob, { 'if-none-match': tag });
  expect(bobs.status).toBe(200);
  expect(bobs.header('etag')).not.toBe(tag);
  expect(JSON.parse(bobs.body).posts[0]).toMatchObject({ _id: postId, likedByMe: true, likes: 1 });
  const adaNow = await get('/api/posts', ada, { 'if-none-match': tag });
  expect(adaNow.status).toBe(200); // the like changed her answer too (its count)
  expect(adaNow.header('etag')).not.toBe(bobs.header('etag'));
  expect((await get('/api/posts', bob, { 'if-none-match': bobs.header('etag') as string })).status).toBe(304);

  // One post, another service's answers, an error: tagged where it is a 2xx JSON answer only.
  const one = await get(`/api/posts/${postId}`, ada);
  expect(
    (await get(`/api/posts/${postId}`, ada, { 'if-none-match': one.header('etag') as string })).status,
  ).toBe(304);
  const me = await get('/api/auth/me', ada);
  expect((await get('/api/auth/me', ada, { 'if-none-match': me.header('etag') as string })).status).toBe(304);
  const missing = await get('/api/posts/000000000000000000000000', ada);
  expect(missing.status).toBe(404);
  expect(missing.header('etag')).toBeUndefined();
});
