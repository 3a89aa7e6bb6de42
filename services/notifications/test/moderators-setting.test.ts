import { loadNotificationsSettings, readModerators } from '../src/config';

// MODERATORS (docs/moderation.md): usernames in any case and spacing; anything else stops the start.
test('MODERATORS lists usernames, compared without case; a name that cannot be a username stops the start', () => {
  expect([...readModerators(' Alice, bob.dev ,,carol_1-x ')]).toEqual(['alice', 'bob.dev', 'carol_1-x']);
  expect(readModerators(undefined).size).toBe(0);
  expect(readModerators('').size).toBe(0);
  expect(() => readModerators('alice,bob smith')).toThrow(
    "MODERATORS must list usernames separated by commas, not 'bob smith'",
  );
  expect(() => loadNotificationsSettings({ MODERATORS: 'alice;bob' })).toThrow(/MODERATORS/);
  const settings = loadNotificationsSettings({ POSTS_PORT: '5002', USERS_URL: 'http://users:4003/' });
  expect({ posts: settings.postsUrl, users: settings.usersUrl }).toEqual({
    posts: 'http://127.0.0.1:5002',
    users: 'http://users:4003',
  });
});
