import { callWithJsonText } from '@devcircle/service-test-kit';
import { call, startAuth, type AuthHarness } from './harness';

/**
 * A username is a name (docs/text-hygiene.md). Its pattern (letters, digits, `.`, `-`, `_`) already kept these
 * characters out; the refusals now say what is wrong with it instead of listing what is allowed.
 */

let auth: AuthHarness;
beforeAll(async () => {
  auth = await startAuth();
});
afterAll(() => auth.stop());

interface Answer {
  message: string;
  code?: string;
  errors?: { field: string; message: string }[];
}

const register = (username: string) =>
  call<Answer>(auth.service, 'POST', '/api/auth/register', {
    username,
    email: 'text@example.com',
    password: 'secret123',
  });

test.each([
  ['ad\u200Bmin', 'Username must not contain invisible characters such as zero-width spaces'],
  ['\u202Enimda', 'Username must not contain text direction controls (U+202A–U+202E, U+2066–U+2069)'],
  ['ada\u0000', 'Username must be one line without tabs or other control characters'],
  ['ada\tlovelace', 'Username must be one line without tabs or other control characters'],
])('%j is refused: %s', async (username, message) => {
  const reply = await register(username);
  expect(reply.status).toBe(400);
  expect(reply.body).toEqual({ message, code: 'VALIDATION_ERROR', errors: [{ field: 'username', message }] });
});

test('a lone surrogate sent as a JSON escape is refused', async () => {
  const reply = await callWithJsonText<Answer>(
    auth.service,
    'POST',
    '/api/auth/register',
    '{"username":"ada\\ud800","email":"text@example.com","password":"secret123"}',
  );
  expect(reply.status).toBe(400);
  expect(reply.body.errors).toEqual([
    {
      field: 'username',
      message: 'Username contains a broken character (half of a UTF-16 surrogate pair); please retype it',
    },
  ]);
});
