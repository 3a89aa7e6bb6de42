import { countCommands } from '@devcircle/service-test-kit';
import { ObjectId } from 'mongodb';
import { call, like, person, startHarness, type Harness, type Listed, type Person } from './harness';

/**
 * Issue 17: the notifications list answers with a fixed number of database round trips whatever its page size: a
 * page of 1 and a page of 20 (of 25 notifications from 25 senders) send the same commands (command monitoring).
 */

let h: Harness;
let author: Person;
const SENDERS = 25;

beforeAll(async () => {
  h = await startHarness({ monitorCommands: true });
  author = await person(h);
  const senders = await Promise.all(Array.from({ length: SENDERS }, () => person(h)));
  for (const sender of senders) await like(h, sender, author, new ObjectId());
  // Everything handled before counting: no consumer has work left while the list is read.
  await h.drain();
});
afterAll(() => h.stop());

async function commandsOf(limit: number): Promise<string[]> {
  const { result, names } = await countCommands([h.service.deps.database.client], () =>
    call<Listed[]>(h, 'GET', `/api/notifications?limit=${limit}`, author),
  );
  expect(result.status).toBe(200);
  expect(result.body).toHaveLength(limit);
  return [...names].sort();
}

test('the list: a page of 20 sends what a page of 1 sends', async () => {
  const one = await commandsOf(1);
  const full = await commandsOf(20);
  expect(full).toEqual(one);
});
