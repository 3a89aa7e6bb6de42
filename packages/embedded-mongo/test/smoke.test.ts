import { openTestDatabase, type TestDatabase } from './support/harness';

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t.close());

test('the official driver connects, writes and reads back', async () => {
  const users = t.db.collection('users');
  const { insertedId } = await users.insertOne({ username: 'alice' });
  expect(await users.findOne({ _id: insertedId })).toEqual({ _id: insertedId, username: 'alice' });
  expect(await t.db.command({ ping: 1 })).toMatchObject({ ok: 1 });
});
