import {
  feedPagePath,
  REMOTE_NAMES,
  remoteForPath,
  ROUTES,
  SIGNED_IN_SCREENS,
  SIGNED_OUT_SCREENS,
} from '../src';

describe('remoteForPath', () => {
  it.each([
    ['/', 'feed'],
    ['/feed', 'feed'],
    ['/create-post', 'feed'],
    [ROUTES.post('abc'), 'feed'],
    [ROUTES.profile('grace hopper'), 'profile'],
    [ROUTES.followers('ada'), 'profile'],
    [ROUTES.following('ada'), 'profile'],
    ['/edit-profile', 'profile'],
    ['/explore', 'explore'],
    ['/notifications', 'notifications'],
    ['/settings', 'account'],
    ['/logout-confirm', 'account'],
  ])('signed in, %s is drawn by %s', (path, remote) => {
    expect(remoteForPath(path, true)).toBe(remote);
  });

  it.each(['/support', '/features', '/privacy', '/terms', '/messages', '/nowhere', '/login'])(
    'signed in, %s is not a remote screen',
    (path) => expect(remoteForPath(path, true)).toBeNull(),
  );

  it.each(['/login', '/register', '/register/confirm', '/forgot-password', '/reset-password'])(
    'for a visitor, %s is the account remote',
    (path) => expect(remoteForPath(path, false)).toBe('account'),
  );

  it.each(['/', '/feed', '/explore', '/profile/ada'])('for a visitor, %s is not a remote screen', (path) =>
    expect(remoteForPath(path, false)).toBeNull(),
  );

  it('a malformed escape is no screen', () => {
    expect(remoteForPath('/profile/%E0%A4%A', true)).toBeNull();
  });

  it('every screen names a known remote, once per path', () => {
    for (const screens of [SIGNED_IN_SCREENS, SIGNED_OUT_SCREENS]) {
      const paths = screens.map((screen) => screen.path);
      expect(new Set(paths).size).toBe(paths.length);
      for (const { remote } of screens) expect(REMOTE_NAMES).toContain(remote);
    }
  });
});

describe('feedPagePath', () => {
  it('asks for one page, newest first, or older than a cursor', () => {
    expect(feedPagePath()).toBe('/api/posts?limit=10');
    expect(feedPagePath('2026-11-24T10:00:00.000Z_abc')).toBe(
      '/api/posts?limit=10&before=2026-11-24T10%3A00%3A00.000Z_abc',
    );
  });
});
