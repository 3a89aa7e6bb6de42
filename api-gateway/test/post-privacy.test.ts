import { signUp } from '@devcircle/service-test-kit';
import { bearer, eventually } from './helpers';
import { startStack, type Stack } from './stack';

/**
 * A private profile's posts through the whole back end: the users service announces privacy and follows as
 * events, the posts service's consumers pick them up (in the background, so the checks poll).
 */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.stop());

interface Member {
  id: string;
  username: string;
  auth: Record<string, string>;
}

async function send(method: string, urlPath: string, member: Member, body?: unknown) {
  const response = await fetch(`${stack.gateway.url}${urlPath}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...member.auth },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function register(username: string): Promise<Member> {
  const { token, user } = await signUp(stack.gateway.url, stack.outboxDir, {
    username,
    password: 'privacy-pass1',
  });
  const member = { id: user.id, username, auth: bearer(token) };
  // The profile comes from auth's event: wait for it before following.
  await eventually(async () => (await send('GET', `/api/users/${username}`, member)).status === 200);
  return member;
}

const feedIds = async (viewer: Member): Promise<string[]> =>
  ((await send('GET', '/api/posts?limit=50', viewer)).body.posts as { _id: string }[]).map((p) => p._id);

test('a private author’s post disappears for a stranger and stays for a follower; an unfollow hides it', async () => {
  const owner = await register('quiet');
  const stranger = await register('nosy');
  const fan = await register('fan');
  const created = await send('POST', '/api/posts', owner, { content: 'for my followers' });
  expect(created.status).toBe(201);
  const postId = created.body._id as string;
  expect(await feedIds(stranger)).toContain(postId);

  expect((await send('PUT', `/api/users/${owner.username}/follow`, fan)).status).toBe(200);
  expect((await send('PUT', `/api/users/${owner.id}/privacy`, owner, { isPrivate: true })).status).toBe(200);

  await eventually(async () => !(await feedIds(stranger)).includes(postId));
  expect((await send('GET', `/api/posts/${postId}`, stranger)).status).toBe(404);
  expect((await send('PUT', `/api/posts/${postId}/like`, stranger)).status).toBe(404);
  await eventually(async () => (await feedIds(fan)).includes(postId));
  expect((await send('GET', `/api/posts/${postId}`, fan)).status).toBe(200);
  expect(await feedIds(owner)).toContain(postId);

  expect((await send('PUT', `/api/users/${owner.username}/unfollow`, fan)).status).toBe(200);
  await eventually(async () => (await send('GET', `/api/posts/${postId}`, fan)).status === 404);
  expect(await feedIds(fan)).not.toContain(postId);
});
