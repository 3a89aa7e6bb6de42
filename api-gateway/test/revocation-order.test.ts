import { MongoClient, ObjectId } from 'mongodb';
import { signUp } from '@devcircle/service-test-kit';
import { bearer, eventually } from './helpers';
import { startStack, type Stack } from './stack';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.stop());

const call = (method: string, urlPath: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${stack.gateway.url}${urlPath}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function register(username: string): Promise<{ token: string; id: string }> {
  const { token, user } = await signUp(stack.gateway.url, stack.outboxDir, { username });
  return { token, id: user.id };
}

test('a revocation stored with an older id than one already seen (another auth instance) still takes effect', async () => {
  const early = await register('early');
  const late = await register('late');
  // A password change: the gateway has streamed a revocation with a newer id.
  const change = await call(
    'PUT',
    `/api/users/${late.id}/password`,
    { currentPassword: 'secret123', newPassword: 'secret456', confirmPassword: 'secret456' },
    bearer(late.token),
  );
  expect(change.status).toBe(200);
  await eventually(() => stack.gateway.revocations.isRevoked(late.id, 0));

  // Another auth instance made its id a few seconds earlier and stored it only now.
  const client = new MongoClient(stack.mongoUri);
  try {
    await client.connect();
    await client
      .db()
      .collection('token_revocations')
      .insertOne({
        _id: ObjectId.createFromTime(Math.floor(Date.now() / 1000) - 5),
        userId: early.id,
        tokenVersion: 1,
        createdAt: new Date(),
      });
  } finally {
    await client.close();
  }
  await eventually(
    async () => (await call('GET', '/api/auth/me', undefined, bearer(early.token))).status === 401,
  );
  const refused = await call('GET', '/api/auth/me', undefined, bearer(early.token));
  expect(await refused.json()).toMatchObject({ code: 'TOKEN_REVOKED' });
});
