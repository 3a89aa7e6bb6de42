import { matchRoute, ROUTE_PATTERNS, ROUTES } from '../src';

test('a pattern gives back the parameter its builder encoded', () => {
  const name = 'ada lovelace/ü?';
  expect(matchRoute(ROUTE_PATTERNS.profile, ROUTES.profile(name))).toEqual({ username: name });
  expect(matchRoute(ROUTE_PATTERNS.followers, ROUTES.followers(name))).toEqual({ username: name });
  expect(matchRoute(ROUTE_PATTERNS.post, ROUTES.post('abc123'))).toEqual({ id: 'abc123' });
});

test('only the same segments match: no more, no fewer, no other case, no empty parameter', () => {
  expect(matchRoute(ROUTE_PATTERNS.profile, ROUTES.followers('ada'))).toBeNull();
  expect(matchRoute(ROUTE_PATTERNS.followers, ROUTES.profile('ada'))).toBeNull();
  expect(matchRoute(ROUTE_PATTERNS.following, ROUTES.followers('ada'))).toBeNull();
  expect(matchRoute(ROUTE_PATTERNS.post, '/POST/abc')).toBeNull();
  expect(matchRoute(ROUTE_PATTERNS.post, '/post/')).toBeNull();
  expect(matchRoute(ROUTE_PATTERNS.post, '/post/abc/')).toBeNull();
  expect(matchRoute(ROUTE_PATTERNS.post, ROUTES.feed)).toBeNull();
});

test('a path without parameters matches itself', () => {
  expect(matchRoute(ROUTES.feed, '/feed')).toEqual({});
  expect(matchRoute(ROUTES.feed, '/feeds')).toBeNull();
});
