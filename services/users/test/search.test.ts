import { SEARCH_LIMIT } from '../src';
import {
  call,
  follow,
  quickUser,
  startUsers,
  uniqueName,
  type ErrorReply,
  type PublicUserBody,
  type User,
  type UsersHarness,
} from './harness';

let h: UsersHarness;
let viewer: User;
let grace: User;

let alan: User;
beforeAll(async () => {
  h = await startUsers();
  viewer = await quickUser(h, 'searcher');
  grace = await quickUser(h, 'grace_h', 'Grace Brewster Hopper');
  await quickUser(h, 'hopper_fan', 'Fan');
  alan = await quickUser(h, 'alan.t', 'Alan Turing');
  await call(h.users, 'PUT', `/api/users/${grace.id}`, { skills: ['COBOL', 'Compilers'] }, grace.headers);
  await call(h.users, 'PUT', `/api/users/${alan.id}`, { skills: ['Math', 'cobol'], bio: 'b' }, alan.headers);
});
afterAll(() => h.stop());

const search = (query: string, who: User = viewer) =>
  call<PublicUserBody[] & ErrorReply>(h.users, 'GET', `/api/users${query}`, undefined, who.headers);
const names = (users: PublicUserBody[]) => users.map((user) => user.username).sort();

test('search is a case-insensitive prefix of the username, the display name or a word of it', async () => {
  expect(names((await search('?search=GRA')).body)).toEqual(['grace_h']);
  expect(names((await search('?search=grace%20brew')).body)).toEqual(['grace_h']);
  expect(names((await search('?search=Brewster')).body)).toEqual(['grace_h']);
  // "hop" is a word of Grace's display name and the start of another username.
  expect(names((await search('?search=hop')).body)).toEqual(['grace_h', 'hopper_fan']);
  expect(names((await search('?search=%20%20ALAN.T%20%20')).body)).toEqual(['alan.t']);
  // Not a prefix: the middle of a word finds nothing.
  expect((await search('?search=race')).body).toEqual([]);
});

test('skill is an exact, case-insensitive skill; with search both must match', async () => {
  expect(names((await search('?skill=cobol')).body)).toEqual(['alan.t', 'grace_h']);
  expect(names((await search('?skill=COMPILERS')).body)).toEqual(['grace_h']);
  expect((await search('?skill=compil')).body).toEqual([]);
  expect(names((await search('?search=alan&skill=Cobol')).body)).toEqual(['alan.t']);
  expect((await search('?search=grace&skill=math')).body).toEqual([]);
});

test.each(['.*', '(', '[a-z]', '^$', '\\', '$where', 'a|b', '.', '?', '+', '{1}'])(
  'the regex metacharacters %p are literal: no error, no match',
  async (term) => {
    for (const key of ['search', 'skill']) {
      const reply = await search(`?${key}=${encodeURIComponent(term)}`);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual([]);
    }
  },
);

test('a name that contains metacharacters is found by exactly those characters', async () => {
  const odd = await quickUser(h, uniqueName('odd'), 'C++ (and [Rust]) .*');
  expect(names((await search(`?search=${encodeURIComponent('c++ (and [r')}`)).body)).toEqual([odd.username]);
  // '.*' is literally the last word of the name; as a pattern 'c.*' would match it, literally it does not.
  expect(names((await search(`?search=${encodeURIComponent('.*')}`)).body)).toEqual([odd.username]);
  expect((await search(`?search=${encodeURIComponent('c.*')}`)).body).toEqual([]);
  // The word is '[rust])': its brackets are part of it.
  expect(names((await search(`?search=${encodeURIComponent('[rust]')}`)).body)).toEqual([odd.username]);
  expect((await search('?search=rust')).body).toEqual([]);
  expect(names((await search(`?search=${encodeURIComponent('(and')}`)).body)).toEqual([odd.username]);
});

test('answers at most 50, newest first; no search at all gives the newest 50', async () => {
  const made: User[] = [];
  for (let i = 0; i < SEARCH_LIMIT + 5; i++)
    made.push(await quickUser(h, uniqueName('bulk'), `Bulk Person ${i}`));
  const found = await search('?search=bulk%20person');
  expect(found.status).toBe(200);
  expect(found.body).toHaveLength(SEARCH_LIMIT);
  expect(found.body.map((user) => user._id)).toEqual(
    made
      .slice(-SEARCH_LIMIT)
      .reverse()
      .map((user) => user.id),
  );
  const newest = await search('');
  expect(newest.body).toHaveLength(SEARCH_LIMIT);
  expect(newest.body[0]._id).toBe(made[made.length - 1].id);
  const empty = await search('?search=&skill=');
  expect(empty.body.map((user) => user._id)).toEqual(newest.body.map((user) => user._id));
});

test('only public fields: never email or password data', async () => {
  const reply = await search('?search=grace');
  expect(reply.body[0]).toEqual({
    _id: grace.id,
    id: grace.id,
    username: 'grace_h',
    displayName: 'Grace Brewster Hopper',
    bio: '',
    skills: ['COBOL', 'Compilers'],
    githubLink: '',
    isPrivate: false,
    profileCompleted: false,
    createdAt: expect.any(String),
    followersCount: 0,
    followingCount: 0,
  });
  const everything = await search('');
  expect(JSON.stringify(everything.body)).not.toMatch(/email|password|searchKeys|skillKeys/i);
});

test('a private profile is listed by name without its details, and a skill finds it only for followers', async () => {
  const secret = await quickUser(h, uniqueName('secret'), 'Secret Agent');
  await call(
    h.users,
    'PUT',
    `/api/users/${secret.id}`,
    { skills: ['Espionage'], bio: 'hidden' },
    secret.headers,
  );
  await call(h.users, 'PUT', `/api/users/${secret.id}/privacy`, { isPrivate: true }, secret.headers);
  const byName = await search('?search=secret%20agent');
  expect(byName.body).toEqual([
    {
      _id: secret.id,
      id: secret.id,
      username: secret.username,
      displayName: 'Secret Agent',
      isPrivate: true,
      createdAt: expect.any(String),
    },
  ]);
  expect((await search('?skill=espionage')).body).toEqual([]);
  expect((await search('?skill=espionage', secret)).body).toHaveLength(1);
  const fan = await quickUser(h);
  await follow(h, fan, secret.username);
  const asFollower = await search('?skill=espionage', fan);
  expect(asFollower.body).toEqual([
    expect.objectContaining({ _id: secret.id, bio: 'hidden', skills: ['Espionage'] }),
  ]);
});

test('over-long or repeated parameters are 400s with field messages; unknown ones too', async () => {
  const long = await search(`?search=${'a'.repeat(51)}`);
  expect(long.status).toBe(400);
  expect(long.body.errors).toEqual([{ field: 'search', message: 'search must be at most 50 characters' }]);
  const twice = await search('?skill=a&skill=b');
  expect(twice.status).toBe(400);
  expect(twice.body.errors).toEqual([{ field: 'skill', message: 'skill must be a string' }]);
  expect((await search('?name=x')).status).toBe(400);
  // 50 characters are fine, and match a 50-character display name prefix.
  const longName = await quickUser(h, uniqueName('long'), 'L'.repeat(50));
  expect(names((await search(`?search=${'l'.repeat(50)}`)).body)).toEqual([longName.username]);
});
