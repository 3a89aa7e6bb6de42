import {
  call,
  quickUser,
  startUsers,
  storedProfile,
  oid,
  type ErrorReply,
  type PublicUserBody,
  type User,
  type UsersHarness,
} from './harness';

let h: UsersHarness;
beforeAll(async () => {
  h = await startUsers();
});
afterAll(() => h.stop());

const edit = (who: User, id: string, body: unknown) =>
  call<PublicUserBody & ErrorReply>(h.users, 'PUT', `/api/users/${id}`, body, who.headers);
const profileEvents = (user: User) =>
  h.db
    .collection('profile_events')
    .find({ userId: oid(user.id) })
    .sort({ _id: 1 })
    .toArray();

test('an edit trims, removes duplicate skills, answers the public user and records profile.updated', async () => {
  const ada = await quickUser(h);
  const reply = await edit(ada, ada.id, {
    displayName: '  Ada Lovelace ',
    bio: '  First programmer.  ',
    skills: [' Math ', 'math', 'Engines', 'MATH', 'engines '],
    githubLink: ' https://github.com/ada ',
  });
  expect(reply.status).toBe(200);
  expect(reply.body).toEqual({
    _id: ada.id,
    id: ada.id,
    username: ada.username,
    displayName: 'Ada Lovelace',
    bio: 'First programmer.',
    skills: ['Math', 'Engines'],
    githubLink: 'https://github.com/ada',
    isPrivate: false,
    profileCompleted: true,
    createdAt: expect.any(String),
    followersCount: 0,
    followingCount: 0,
  });
  const stored = await storedProfile(h, ada);
  expect(stored?.skillKeys).toEqual(['math', 'engines']);
  expect(stored?.searchKeys).toEqual(expect.arrayContaining(['ada lovelace', 'lovelace', 'love']));
  expect(await profileEvents(ada)).toEqual([
    expect.objectContaining({
      type: 'profile.updated',
      userId: oid(ada.id),
      username: ada.username,
      displayName: 'Ada Lovelace',
    }),
  ]);
});

test('a partial edit keeps the rest; an edit that changes nothing records no event; empty values clear', async () => {
  const bob = await quickUser(h);
  await edit(bob, bob.id, {
    displayName: 'Bob',
    bio: 'hi',
    skills: ['Go'],
    githubLink: 'http://example.com/bob',
  });
  const partial = await edit(bob, bob.id, { bio: 'hello' });
  expect(partial.body).toMatchObject({
    displayName: 'Bob',
    bio: 'hello',
    skills: ['Go'],
    profileCompleted: true,
  });
  expect(await profileEvents(bob)).toHaveLength(2);
  await edit(bob, bob.id, { bio: 'hello' });
  await edit(bob, bob.id, {});
  expect(await profileEvents(bob)).toHaveLength(2);
  const cleared = await edit(bob, bob.id, { displayName: '  ', bio: '', skills: [], githubLink: '' });
  // An empty display name means the username.
  expect(cleared.body).toMatchObject({
    displayName: bob.username,
    bio: '',
    skills: [],
    githubLink: '',
    profileCompleted: false,
  });
  expect((await storedProfile(h, bob))?.searchKeys).not.toContain('bob');
});

test('the renamed user is found by the new name only', async () => {
  const cy = await quickUser(h, undefined, 'Cyrus Old');
  await edit(cy, cy.id, { displayName: 'Newname Here' });
  const byNew = await call<PublicUserBody[]>(
    h.users,
    'GET',
    '/api/users?search=newname',
    undefined,
    cy.headers,
  );
  expect(byNew.body.map((user) => user._id)).toEqual([cy.id]);
  const byOld = await call<PublicUserBody[]>(
    h.users,
    'GET',
    '/api/users?search=cyrus',
    undefined,
    cy.headers,
  );
  expect(byOld.body).toEqual([]);
});

test.each([
  [
    'a 51-character display name',
    { displayName: 'x'.repeat(51) },
    'displayName',
    'Display name must be at most 50 characters',
  ],
  ['a number as display name', { displayName: 5 }, 'displayName', 'Display name must be a string'],
  ['a 501-character bio', { bio: 'x'.repeat(501) }, 'bio', 'Bio must be at most 500 characters'],
  ['skills not a list', { skills: 'Go' }, 'skills', 'Skills must be a list of strings'],
  ['31 skills', { skills: Array.from({ length: 31 }, (_, i) => `s${i}`) }, 'skills', 'At most 30 skills'],
  ['a blank skill', { skills: ['Go', '   '] }, 'skills.1', 'Each skill must be 1 to 30 characters'],
  ['a 31-character skill', { skills: ['x'.repeat(31)] }, 'skills.0', 'Each skill must be 1 to 30 characters'],
  ['a number as skill', { skills: [7] }, 'skills.0', 'Each skill must be a string'],
  [
    'a link that is no URL',
    { githubLink: 'github.com/ada' },
    'githubLink',
    'GitHub link must be an http(s) URL',
  ],
  [
    'a javascript: link',
    { githubLink: 'javascript:alert(1)' },
    'githubLink',
    'GitHub link must be an http(s) URL',
  ],
  [
    'a 201-character link',
    { githubLink: `https://github.com/${'a'.repeat(182)}` },
    'githubLink',
    'GitHub link must be at most 200 characters',
  ],
  ['an unknown field', { email: 'x@y.z' }, 'email', 'email is not allowed'],
])('%s is a 400 with the field message', async (_name, body, field, message) => {
  const user = await quickUser(h);
  const reply = await edit(user, user.id, body);
  expect(reply.status).toBe(400);
  expect(reply.body.code).toBe('VALIDATION_ERROR');
  expect(reply.body.errors).toContainEqual({ field, message });
  expect(await profileEvents(user)).toEqual([]);
});

test('limits are inclusive: 50, 500, 30 skills of 30 characters, a 200-character link', async () => {
  const user = await quickUser(h);
  const reply = await edit(user, user.id, {
    displayName: 'd'.repeat(50),
    bio: 'b'.repeat(500),
    skills: Array.from({ length: 30 }, (_, i) => `${i}`.padEnd(30, 'k')),
    githubLink: `https://github.com/${'a'.repeat(181)}`,
  });
  expect(reply.status).toBe(200);
  expect(reply.body.skills).toHaveLength(30);
});

test("someone else's id is a 403 whatever the body; a malformed id a 404; no identity a 401", async () => {
  const ada = await quickUser(h, undefined, 'Ada');
  const eve = await quickUser(h);
  const other = await edit(eve, ada.id, { displayName: 'Hacked' });
  expect(other.status).toBe(403);
  expect(other.body).toMatchObject({ message: 'You can only change your own profile', code: 'FORBIDDEN' });
  expect((await edit(eve, ada.id, { displayName: 'x'.repeat(99) })).status).toBe(403);
  expect((await storedProfile(h, ada))?.displayName).toBe('Ada');
  const malformed = await edit(eve, 'abc', { displayName: 'x' });
  expect(malformed.status).toBe(404);
  expect(malformed.body.message).toBe("The user you're looking for doesn't exist or has been removed.");
  expect((await call(h.users, 'PUT', `/api/users/${ada.id}`, { bio: 'x' })).status).toBe(401);
});
