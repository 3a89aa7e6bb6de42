import { countCommands } from '@devcircle/service-test-kit';
import { ObjectId, type Db } from 'mongodb';
import { POSTS } from '../../posts/src/posts/indexes';
import { FOLLOWS } from '../src/follows/indexes';
import { PROFILES } from '../src/profiles/indexes';
import { searchKeysOf } from '../src/profiles/keys';
import type { Profile } from '../src/profiles/profile';
import { call, identityHeader, startUsers, type UsersHarness } from './harness';

/**
 * Issue 17: every list answers with a fixed number of database round trips whatever its page size. Each test asks
 * for a page of 1 and a full page (of data several pages long) and compares the commands the services' drivers
 * sent (command monitoring; the profile page counts the posts service's too, which it calls for the posts).
 */

let h: UsersHarness;
let star: Profile;
let viewer: Record<string, string>;
const PEOPLE = 30;

function profile(username: string, extra: Partial<Profile> = {}): Profile {
  const now = new Date();
  return {
    _id: new ObjectId(),
    username,
    displayName: username,
    bio: '',
    skills: ['rust'],
    githubLink: '',
    isPrivate: false,
    createdAt: now,
    updatedAt: now,
    followersCount: 0,
    followingCount: 0,
    searchKeys: searchKeysOf(username, username),
    skillKeys: ['rust'],
    ...extra,
  };
}

/**
 * A profile followed by and following 30 people (every third private, some followed by the viewer), with 25 posts;
 * written directly, so no consumer has anything to do while commands are counted.
 */
async function seed(db: Db, viewerId: ObjectId): Promise<void> {
  star = profile('roundstar', { followersCount: PEOPLE, followingCount: PEOPLE });
  const people = Array.from({ length: PEOPLE }, (_, k) =>
    profile(`roundfan${k}`, { isPrivate: k % 3 === 0 }),
  );
  await db
    .collection<Profile>(PROFILES)
    .insertMany([star, profile('roundviewer', { _id: viewerId }), ...people]);
  await db.collection(FOLLOWS).insertMany([
    ...people.flatMap((person) => [
      { _id: new ObjectId(), followerId: person._id, followeeId: star._id, createdAt: new Date() },
      { _id: new ObjectId(), followerId: star._id, followeeId: person._id, createdAt: new Date() },
    ]),
    ...people
      .filter((_, k) => k % 2 === 0)
      .map((person) => ({
        _id: new ObjectId(),
        followerId: viewerId,
        followeeId: person._id,
        createdAt: new Date(),
      })),
  ]);
  // The viewer blocks 15 others and mutes 15 more (docs/safety.md): Settings' lists. Not among the people above,
  // whose lists and search a block would shorten.
  const others = Array.from({ length: PEOPLE }, (_, k) => profile(`roundother${k}`));
  await db.collection<Profile>(PROFILES).insertMany(others);
  await db.collection('relations').insertMany(
    others.map((other, k) => ({
      _id: new ObjectId(),
      ownerId: viewerId,
      targetId: other._id,
      kind: k % 2 === 0 ? 'block' : 'mute',
      createdAt: new Date(),
    })),
  );
  await db.collection(POSTS).insertMany(
    Array.from({ length: 25 }, (_, i) => ({
      _id: new ObjectId(),
      authorId: star._id,
      content: `post ${i}`,
      createdAt: new Date(),
      likesCount: 0,
      commentsCount: 0,
      authorPrivate: false,
    })),
  );
}

beforeAll(async () => {
  h = await startUsers({}, { monitorCommands: true });
  const viewerId = new ObjectId();
  viewer = identityHeader({ id: viewerId.toHexString(), username: 'roundviewer', email: 'rv@example.com' });
  await seed(h.db, viewerId);
});
afterAll(() => h.stop());

/** The commands (sorted names) one GET sends, after checking it answered 200 with `size` items. */
async function commandsOf(path: string, items: (body: never) => unknown[], size: number): Promise<string[]> {
  const clients = [h.users.deps.database.client, h.posts.deps.database.client];
  const { result, names } = await countCommands(clients, () => call(h.users, 'GET', path, undefined, viewer));
  expect(result.status).toBe(200);
  expect(items(result.body as never)).toHaveLength(size);
  return [...names].sort();
}

const posts = (body: { posts: unknown[] }) => body.posts;

test('the profile page (with both follow lists): 10 posts send what 1 post sends', async () => {
  const path = (limit: number) =>
    `/api/users/roundstar?limit=${limit}&includeFollowersData=true&includeFollowingData=true`;
  const one = await commandsOf(path(1), posts, 1);
  const full = await commandsOf(path(10), posts, 10);
  expect(full).toEqual(one);
});

test("a user's posts: a page of 10 sends what a page of 1 sends", async () => {
  const one = await commandsOf('/api/users/roundstar/posts?page=2&limit=1', posts, 1);
  const full = await commandsOf('/api/users/roundstar/posts?page=2&limit=10', posts, 10);
  expect(full).toEqual(one);
});

test.each(['followers', 'following'])('%s: a page of 20 sends what a page of 1 sends', async (list) => {
  const users = (body: Record<string, unknown[]>) => body[list];
  const one = await commandsOf(`/api/users/roundstar/${list}?page=2&limit=1`, users, 1);
  const full = await commandsOf(`/api/users/roundstar/${list}?page=1&limit=20`, users, 20);
  expect(full).toEqual(one);
});

test('search: 30 people found (a third private) send what one (private) found sends', async () => {
  const found = (body: unknown[]) => body;
  const one = await commandsOf('/api/users?search=roundfan0', found, 1);
  const many = await commandsOf('/api/users?search=roundfan', found, PEOPLE);
  expect(many).toEqual(one);
});

test.each(['blocks', 'mutes'])("the caller's %s: a page of 15 sends what a page of 1 sends", async (list) => {
  const users = (body: { users: unknown[] }) => body.users;
  const one = await commandsOf(`/api/users/me/${list}?limit=1`, users, 1);
  const full = await commandsOf(`/api/users/me/${list}?limit=15`, users, 15);
  expect(full).toEqual(one);
});
