import type { CollationOptions, Document, ObjectId } from 'mongodb';
import { followersQuery, followingQuery, profileByUsernameQuery, SEARCH_LIMIT, searchQuery } from '../src';
import { follow, oid, quickUser, startUsers, type User, type UsersHarness } from './harness';

let h: UsersHarness;
let star: User;
let fan: User;
beforeAll(async () => {
  h = await startUsers();
  star = await quickUser(h, 'indexstar', 'Index Star');
  fan = await quickUser(h, 'indexfan');
  for (let i = 0; i < 60; i++) {
    const user = await quickUser(h, `idx${i}`, i % 2 ? `Grace Hopper ${i}` : `Alan Turing ${i}`);
    await h.db
      .collection('profiles')
      .updateOne({ _id: oid(user.id) }, { $set: { skillKeys: ['go', `s${i}`] } });
    if (i < 25) expect((await follow(h, user, star.username)).status).toBe(200);
  }
  for (let i = 0; i < 25; i++) expect((await follow(h, fan, `idx${i}`)).status).toBe(200);
});
afterAll(() => h.stop());

/** Every stage of a winning plan, outermost first. */
function stages(plan: Document): Document[] {
  const all: Document[] = [];
  for (let stage: Document | undefined = plan; stage; stage = stage.inputStage as Document | undefined) {
    all.push(stage);
  }
  return all;
}

interface Runnable {
  filter: Document;
  sort?: Document;
  collation?: CollationOptions;
}

async function planOf(collection: string, query: Runnable, limit: number) {
  let cursor = h.db
    .collection(collection)
    .find(query.filter, query.collation ? { collation: query.collation } : {});
  if (query.sort) cursor = cursor.sort(query.sort);
  const explained = await cursor.limit(limit).explain();
  const plan = stages(explained.queryPlanner.winningPlan as Document);
  return {
    plan,
    names: plan.map((stage) => stage.stage as string),
    keyPattern: plan.find((stage) => stage.stage === 'IXSCAN')?.keyPattern as Document | undefined,
    stats: explained.executionStats as Document,
  };
}

/**
 * On MongoDB the equality on the multikey field pins it, so `{searchKeys: 1, createdAt: -1}` also gives the order.
 * The embedded server's planner never takes a sort from a multikey index (services/embedded-mongo/src/engine/
 * planner.ts, `sortDirection`: `if (index.multikey) return undefined`), so there the matches are sorted in
 * memory: only the matching documents are read (the index bounds them), never the collection.
 */
test('a name search is one equality on the search keys index: only the matching profiles are read', async () => {
  const { names, keyPattern, stats } = await planOf(
    'profiles',
    searchQuery({ search: 'Grace' }),
    SEARCH_LIMIT,
  );
  expect(names).toContain('IXSCAN');
  expect(names).not.toContain('COLLSCAN');
  expect(keyPattern).toEqual({ searchKeys: 1, createdAt: -1 });
  expect(stats.nReturned).toBe(30);
  expect(stats.totalDocsExamined).toBe(30);
  expect(stats.totalKeysExamined).toBe(30);
});

test('a skill search uses the skill keys index; search and skill together use one of the two', async () => {
  const skill = await planOf('profiles', searchQuery({ skill: ' GO ' }), SEARCH_LIMIT);
  expect(skill.names).toContain('IXSCAN');
  expect(skill.names).not.toContain('COLLSCAN');
  expect(skill.keyPattern).toEqual({ skillKeys: 1, createdAt: -1 });
  expect(skill.stats.nReturned).toBe(SEARCH_LIMIT);
  expect(skill.stats.totalDocsExamined).toBe(60);

  const both = await planOf('profiles', searchQuery({ search: 'alan', skill: 's2' }), SEARCH_LIMIT);
  expect(both.names).toContain('IXSCAN');
  expect(both.names).not.toContain('COLLSCAN');
  expect(both.stats.nReturned).toBe(1);
  expect(both.stats.totalDocsExamined).toBeLessThanOrEqual(30);
});

test('no search at all reads the newest through the createdAt index', async () => {
  const { names, keyPattern, stats } = await planOf('profiles', searchQuery({}), SEARCH_LIMIT);
  expect(names).toContain('IXSCAN');
  expect(names).not.toContain('COLLSCAN');
  expect(names).not.toContain('SORT');
  expect(keyPattern).toEqual({ createdAt: -1 });
  expect(stats.totalDocsExamined).toBe(SEARCH_LIMIT);
});

test('a profile by username (any case) uses the unique case-insensitive username index', async () => {
  const { names, keyPattern, stats } = await planOf('profiles', profileByUsernameQuery('INDEXSTAR'), 1);
  expect(names).toContain('IXSCAN');
  expect(names).not.toContain('COLLSCAN');
  expect(keyPattern).toEqual({ username: 1 });
  expect(stats.nReturned).toBe(1);
  expect(stats.totalDocsExamined).toBe(1);
});

test('followers and following lists use their {followeeId|followerId, _id} index, newest first', async () => {
  const followers = await planOf('follows', followersQuery(oid(star.id) as ObjectId), 21);
  expect(followers.names).toContain('IXSCAN');
  expect(followers.names).not.toContain('COLLSCAN');
  expect(followers.names).not.toContain('SORT');
  expect(followers.keyPattern).toEqual({ followeeId: 1, _id: -1 });
  expect(followers.stats.nReturned).toBe(21);
  expect(followers.stats.totalDocsExamined).toBe(21);

  const following = await planOf('follows', followingQuery(oid(fan.id)), 21);
  expect(following.names).toContain('IXSCAN');
  expect(following.names).not.toContain('COLLSCAN');
  expect(following.names).not.toContain('SORT');
  expect(following.keyPattern).toEqual({ followerId: 1, _id: -1 });
  expect(following.stats.totalDocsExamined).toBe(21);
});

test('every declared index exists; the event logs have their 30-day TTL', async () => {
  const indexes = await h.db.collection('profiles').indexes();
  expect(indexes).toContainEqual(
    expect.objectContaining({
      key: { username: 1 },
      unique: true,
      collation: expect.objectContaining({ strength: 2 }),
    }),
  );
  expect(indexes.map((index) => index.key)).toEqual(
    expect.arrayContaining([
      { searchKeys: 1, createdAt: -1 },
      { skillKeys: 1, createdAt: -1 },
      { createdAt: -1 },
    ]),
  );
  const follows = await h.db.collection('follows').indexes();
  expect(follows).toContainEqual(
    expect.objectContaining({ key: { followerId: 1, followeeId: 1 }, unique: true }),
  );
  expect(follows.map((index) => index.key)).toEqual(
    expect.arrayContaining([
      { followeeId: 1, _id: -1 },
      { followerId: 1, _id: -1 },
    ]),
  );
  for (const log of ['profile_events', 'user_events', 'follow_events']) {
    expect(await h.db.collection(log).indexes()).toContainEqual(
      expect.objectContaining({ key: { createdAt: 1 }, expireAfterSeconds: 30 * 24 * 60 * 60 }),
    );
  }
});
