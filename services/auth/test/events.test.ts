import { LOGS, recordEvent, type StoredEvent } from '@devcircle/service-kit';
import { rawLog } from '@devcircle/service-test-kit';
import { ObjectId } from 'mongodb';
import {
  call,
  identityHeader,
  identityOf,
  register,
  startAuth,
  type AuthHarness,
  type UserBody,
} from './harness';

let auth: AuthHarness;
beforeAll(async () => {
  auth = await startAuth();
});
afterAll(() => auth.stop());

const db = () => auth.service.deps.db;
const drain = () => Promise.all(auth.service.consumers.map((consumer) => consumer.drain()));
const me = (user: UserBody) =>
  call<UserBody>(auth.service, 'GET', '/api/auth/me', undefined, identityHeader(identityOf(user)));

test('a registration records account.registered with the account id, names and creation date', async () => {
  const { user } = await register(auth, 'Grace_H');
  const events = await db()
    .collection<StoredEvent>('account_events')
    .find({ userId: new ObjectId(user.id) })
    .toArray();
  expect(events).toEqual([
    {
      _id: expect.any(ObjectId),
      type: 'account.registered',
      userId: new ObjectId(user.id),
      username: 'Grace_H',
      displayName: 'Grace_H',
      createdAt: new Date(user.createdAt),
      // The request's W3C trace context, carried to the event's consumers (docs/observability.md).
      traceparent: expect.stringMatching(/^00-[\da-f]{32}-[\da-f]{16}-01$/),
    },
  ]);
  // A refused registration records nothing.
  const taken = await call(auth.service, 'POST', '/api/auth/register', {
    username: 'grace_h',
    email: 'other@example.com',
    password: 'secret123',
  });
  expect(taken.status).toBe(409);
  expect(await db().collection('account_events').countDocuments({ username: 'grace_h' })).toBe(0);
});

test('the account_events log is kept 30 days', async () => {
  expect(await db().collection('account_events').indexes()).toContainEqual(
    expect.objectContaining({ key: { createdAt: 1 }, expireAfterSeconds: 30 * 24 * 3600 }),
  );
});

test('profile.updated changes the display name /api/auth/me answers; an older event does not undo it', async () => {
  const { user } = await register(auth, 'linus_t');
  expect((await me(user)).body.displayName).toBe('linus_t');

  const userId = new ObjectId(user.id);
  await recordEvent(db(), rawLog(LOGS.profiles), {
    type: 'profile.updated',
    userId,
    username: 'linus_t',
    displayName: 'Linus Torvalds',
  });
  await drain();
  expect((await me(user)).body).toMatchObject({ username: 'linus_t', displayName: 'Linus Torvalds' });
  // Login answers the new name too.
  const login = await call<{ user: UserBody }>(auth.service, 'POST', '/api/auth/login', {
    email: user.email,
    password: 'secret123',
  });
  expect(login.body.user.displayName).toBe('Linus Torvalds');

  // Made before the applied one (a late commit or a redelivery in the look-back): ignored.
  await db()
    .collection('profile_events')
    .insertOne({
      _id: new ObjectId(ObjectId.generate(Math.floor(Date.now() / 1000) - 5)),
      type: 'profile.updated',
      userId,
      username: 'linus_t',
      displayName: 'Old Name',
      createdAt: new Date(),
    });
  await drain();
  expect((await me(user)).body.displayName).toBe('Linus Torvalds');
  // An empty display name is the users service's word too: the user object falls back to the username.
  await recordEvent(db(), rawLog(LOGS.profiles), {
    type: 'profile.updated',
    userId,
    username: 'linus_t',
    displayName: '',
  });
  await drain();
  expect((await me(user)).body.displayName).toBe('linus_t');
});

test('a profile.updated for an account auth does not know, or without a name, changes nothing', async () => {
  const { user } = await register(auth, 'unchanged');
  await recordEvent(db(), rawLog(LOGS.profiles), {
    type: 'profile.updated',
    userId: new ObjectId(),
    username: 'ghost',
    displayName: 'Ghost',
  });
  await recordEvent(db(), rawLog(LOGS.profiles), { type: 'profile.updated', userId: new ObjectId(user.id) });
  await drain();
  expect(await db().collection('accounts').countDocuments({ displayName: 'Ghost' })).toBe(0);
  expect((await me(user)).body.displayName).toBe('unchanged');
});
