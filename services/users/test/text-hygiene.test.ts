import { callWithJsonText } from '@devcircle/service-test-kit';
import {
  call,
  quickUser,
  startUsers,
  storedProfile,
  type ErrorReply,
  type PublicUserBody,
  type User,
  type UsersHarness,
} from './harness';

/** What people write on a profile and in a search is cleaned by the service (docs/text-hygiene.md). */

let h: UsersHarness;
let ada: User;
beforeAll(async () => {
  h = await startUsers();
  ada = await quickUser(h);
});
afterAll(() => h.stop());

const edit = (body: unknown) =>
  call<PublicUserBody & ErrorReply>(h.users, 'PUT', `/api/users/${ada.id}`, body, ada.headers);

test('a display name with a zero-width space is refused: "ad\\u200Bmin" cannot pass for "admin"', async () => {
  const reply = await edit({ displayName: 'ad\u200Bmin' });
  expect(reply.status).toBe(400);
  const message = 'Display name must not contain invisible characters such as zero-width spaces';
  expect(reply.body).toEqual({
    message,
    code: 'VALIDATION_ERROR',
    errors: [{ field: 'displayName', message }],
  });
  expect((await storedProfile(h, ada))?.displayName).not.toContain('\u200B');
});

test('a right-to-left override in a display name or a skill is refused', async () => {
  const reply = await edit({ displayName: '\u202Enimda', skills: ['Go', 'Ru\u2066st'] });
  expect(reply.status).toBe(400);
  expect(reply.body.errors).toEqual([
    {
      field: 'displayName',
      message: 'Display name must not contain text direction controls (U+202A–U+202E, U+2066–U+2069)',
    },
    {
      field: 'skills.1',
      message: 'Each skill must not contain text direction controls (U+202A–U+202E, U+2066–U+2069)',
    },
  ]);
});

test('NUL is refused in a bio, a line break in a display name', async () => {
  const bio = await edit({ bio: 'line one\u0000' });
  expect(bio.status).toBe(400);
  expect(bio.body.errors).toEqual([
    { field: 'bio', message: 'Bio must not contain control characters other than line breaks and tabs' },
  ]);
  const name = await edit({ displayName: 'Ada\nLovelace' });
  expect(name.body.errors).toEqual([
    {
      field: 'displayName',
      message: 'Display name must be one line without tabs or other control characters',
    },
  ]);
});

test('a lone surrogate sent as a JSON escape is refused', async () => {
  const reply = await callWithJsonText<ErrorReply>(
    h.users,
    'PUT',
    `/api/users/${ada.id}`,
    '{"displayName":"Ada \\ud800"}',
    ada.headers,
  );
  expect(reply.status).toBe(400);
  expect(reply.body.errors).toEqual([
    {
      field: 'displayName',
      message: 'Display name contains a broken character (half of a UTF-16 surrogate pair); please retype it',
    },
  ]);
});

test('text is stored NFC; a bio keeps line breaks and emoji, loses an override', async () => {
  const reply = await edit({
    displayName: 'Rene\u0301 \u{1F468}\u200D\u{1F4BB}',
    bio: 'Cafe\u0301 owner\n\u202Egnippoh\u202C',
    skills: ['Re\u0301act'],
  });
  expect(reply.status).toBe(200);
  expect(reply.body).toMatchObject({
    displayName: 'Ren\u00E9 \u{1F468}\u200D\u{1F4BB}',
    bio: 'Caf\u00E9 owner\ngnippoh',
    skills: ['R\u00E9act'],
  });
  const stored = await storedProfile(h, ada);
  expect(stored).toMatchObject({
    displayName: 'Ren\u00E9 \u{1F468}\u200D\u{1F4BB}',
    bio: 'Caf\u00E9 owner\ngnippoh',
  });
});

test('a search loses invisible characters and is NFC, so it finds the name it looks like', async () => {
  const zoe = await quickUser(h, undefined, 'Zoe\u0308 Adminson');
  const found = await call<PublicUserBody[]>(
    h.users,
    'GET',
    `/api/users?search=${encodeURIComponent('Zo\u00EB ad\u200Bmin')}`,
    undefined,
    ada.headers,
  );
  expect(found.status).toBe(200);
  expect(found.body.map((user) => user.username)).toEqual([zoe.username]);
  const nul = await call<ErrorReply>(h.users, 'GET', '/api/users?search=a%00b', undefined, ada.headers);
  expect(nul.body.errors).toEqual([
    { field: 'search', message: 'search must be one line without tabs or other control characters' },
  ]);
});
