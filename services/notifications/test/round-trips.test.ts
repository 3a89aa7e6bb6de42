import { countCommands } from '@devcircle/service-test-kit';
import { ObjectId } from 'mongodb';
import { call, like, person, startHarness, type Harness, type Listed, type Person } from './harness';

/**
 * Issue 17: the notifications list answers with a fixed number of database round trips whatever its page size: a
 * page of 1 and a page of 20 (of 25 notifications from 25 senders) send the same commands (command monitoring).
 * Issue 19: so do the groups (25 groups of one like each, 3 more likes on the newest post): the page's heads, one
 * aggregation counting their groups, one `people` lookup.
 */

let h: Harness;
let author: Person;
const SENDERS = 25;

beforeAll(async () => {
  h = await startHarness({ monitorCommands: true });
  author = await person(h);
  const senders = await Promise.all(Array.from({ length: SENDERS }, () => person(h)));
  const posts = senders.map(() => new ObjectId());
  for (const [index, sender] of senders.entries()) await like(h, sender, author, posts[index]);
  for (const sender of senders.slice(0, 3)) await like(h, sender, author, posts[SENDERS - 1]);
  // Everything handled before counting: no consumer has work left while the list is read.
  await h.drain();
});
afterAll(() => h.stop());

async function commandsOf(limit: number, path = '/api/notifications'): Promise<string[]> {
  const { result, names } = await countCommands([h.service.deps.database.client], () =>
    call<Listed[]>(h, 'GET', `${path}?limit=${limit}`, author),
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

test('the groups: a page of 20 sends what a page of 1 sends', async () => {
  const one = await commandsOf(1, '/api/notifications/groups');
  const full = await commandsOf(20, '/api/notifications/groups');
  expect(full).toEqual(one);
  // The page's heads, the count of their groups, the actors' names.
  expect(full).toEqual(['aggregate', 'find', 'find']);
});
