import path from 'node:path';
import { loadConfig, startGateway } from '../src';
import { routeOf } from '../src/routes';
import { isHashed } from '../src/static';

const repo = path.resolve(__dirname, '..', '..');

test('production without JWT_SECRET or INTERNAL_SECRET refuses to start, saying which is missing', async () => {
  await expect(startGateway({ port: 0, env: { NODE_ENV: 'production' } })).rejects.toThrow(
    'JWT_SECRET must be set when NODE_ENV=production',
  );
  await expect(
    startGateway({ port: 0, env: { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) } }),
  ).rejects.toThrow('INTERNAL_SECRET must be set when NODE_ENV=production');
});

test('a port already in use fails the start with the error, leaving nothing running', async () => {
  const first = await startGateway({ port: 0, env: { LOG_LEVEL: 'silent', RATE_LIMIT_STORE: 'memory' } });
  try {
    await expect(
      startGateway({ port: first.port, env: { LOG_LEVEL: 'silent', RATE_LIMIT_STORE: 'memory' } }),
    ).rejects.toThrow('EADDRINUSE');
  } finally {
    await first.stop();
  }
});

test('one-machine defaults', () => {
  const config = loadConfig({});
  expect(config.port).toBe(8080);
  expect(config.upstreams).toEqual({
    auth: ['http://127.0.0.1:4001'],
    posts: ['http://127.0.0.1:4002'],
    users: ['http://127.0.0.1:4003'],
    notifications: ['http://127.0.0.1:4004'],
  });
  expect(config).toMatchObject({
    upstreamTimeoutMs: 10_000,
    maxBodyBytes: 1024 * 1024,
    corsOrigins: [],
    trustProxyHops: 0,
    static: { enabled: true, shellDist: path.join(repo, 'shell', 'dist') },
    rateLimits: {
      store: 'mongo',
      routes: {
        login: { perIp: 30, perAccount: 10, windowSeconds: 900 },
        register: { perIp: 10, perAccount: 5, windowSeconds: 3600 },
        confirmRegistration: { perIp: 20, perAccount: 5, windowSeconds: 3600 },
        forgotPassword: { perIp: 10, perAccount: 5, windowSeconds: 3600 },
        resetPassword: { perIp: 20, perAccount: 5, windowSeconds: 3600 },
      },
    },
  });
  expect(config.remotes.feed).toEqual({
    url: '/remotes/feed/mf-manifest.json',
    dist: path.join(repo, 'mf-feed', 'dist'),
  });
});

test('several instances per service, service ports, and origins come from the environment', () => {
  const config = loadConfig({
    POSTS_URLS: 'http://10.0.0.5:4002, http://10.0.0.6:4002/',
    USERS_PORT: '5003',
    CORS_ORIGINS: 'https://a.example.com/, http://localhost:3000',
  });
  expect(config.upstreams.posts).toEqual(['http://10.0.0.5:4002', 'http://10.0.0.6:4002']);
  expect(config.upstreams.users).toEqual(['http://127.0.0.1:5003']);
  expect(config.corsOrigins).toEqual(['https://a.example.com', 'http://localhost:3000']);
});

test('bad settings stop the start with a message naming the variable', () => {
  expect(() => loadConfig({ UPSTREAM_TIMEOUT_MS: 'soon' })).toThrow('UPSTREAM_TIMEOUT_MS must be an integer');
  expect(() => loadConfig({ RATE_LIMIT_LOGIN_PER_IP: '0' })).toThrow('RATE_LIMIT_LOGIN_PER_IP');
  expect(() => loadConfig({ AUTH_URLS: 'not a url' })).toThrow('AUTH_URLS has an invalid URL');
  expect(() => loadConfig({ SERVE_STATIC: 'maybe' })).toThrow('SERVE_STATIC must be true or false');
  expect(() => loadConfig({ TRUST_PROXY: 'perhaps' })).toThrow('TRUST_PROXY must be true or false');
  expect(() => loadConfig({ RATE_LIMIT_STORE: 'redis' })).toThrow('RATE_LIMIT_STORE must be mongo or memory');
  expect(() => loadConfig({ POSTS_URLS: 'ftp://10.0.0.5' })).toThrow(
    'POSTS_URLS: upstreams are http:// or https://',
  );
  expect(() => loadConfig({ UPSTREAM_CA_FILE: '/nowhere/ca.pem' })).toThrow(
    'UPSTREAM_CA_FILE cannot be read ("/nowhere/ca.pem")',
  );
});

test('https upstreams are accepted, with the CA to trust read from UPSTREAM_CA_FILE', () => {
  const caFile = path.join(__dirname, 'fixtures', 'upstream-tls.crt');
  const config = loadConfig({ AUTH_URLS: 'https://auth.internal:8443/', UPSTREAM_CA_FILE: caFile });
  expect(config.upstreams.auth).toEqual(['https://auth.internal:8443']);
  expect(config.upstreamTls.ca).toContain('BEGIN CERTIFICATE');
  expect(loadConfig({}).upstreamTls).toEqual({});
});

test('route classification follows the contract, on the normalised path', () => {
  expect(routeOf('POST', '/api/auth/login')).toMatchObject({
    service: 'auth',
    public: true,
    limited: 'login',
  });
  // The services' routers match case-insensitively, so the gateway classifies the same way.
  expect(routeOf('POST', '/API/Auth/Login/')).toMatchObject({
    service: 'auth',
    public: true,
    limited: 'login',
  });
  expect(routeOf('POST', '/api/Auth//LOGIN/')).toMatchObject({
    service: 'auth',
    public: true,
    limited: 'login',
  });
  expect(routeOf('GET', '/api/auth/login')).toMatchObject({
    service: 'auth',
    public: false,
    limited: 'login',
  });
  expect(routeOf('PUT', '/api/users/u1/password')).toMatchObject({ service: 'auth', public: false });
  expect(routeOf('GET', '/api/users/u1/password')).toMatchObject({ service: 'users' });
  expect(routeOf('POST', '/api/report-bug')).toMatchObject({ service: 'notifications', public: true });
  expect(routeOf('POST', '/api/notifications/unsubscribe')).toMatchObject({
    service: 'notifications',
    public: true,
  });
  expect(routeOf('GET', '/api/notifications/preferences')).toMatchObject({ public: false });
  expect(routeOf('GET', '/api/postsx')).toEqual({ kind: 'not-found' });
  expect(routeOf('GET', '/api/bookmarks')).toMatchObject({ service: 'posts', public: false });
  expect(routeOf('GET', '/internal/revocations')).toEqual({ kind: 'not-found' });
  expect(routeOf('GET', '/api/posts/%2e%2e/x')).toEqual({ kind: 'bad-path' });
  expect(routeOf('GET', '/api/posts/%zz')).toEqual({ kind: 'bad-path' });
  expect(routeOf('GET', '/profile/ada')).toEqual({ kind: 'local' });
});

test('hashed file names are recognised; entry and plain names are not', () => {
  for (const name of [
    'main.3f9a1c2b.js',
    '481.ab12cd34ef.js',
    'vendors-5e6f7a8b9c.css',
    'b1946ac92492d2347c62.js',
  ]) {
    expect({ name, hashed: isHashed(name) }).toEqual({ name, hashed: true });
  }
  for (const name of [
    'remoteEntry.js',
    'index.html',
    'favicon.svg',
    'main.js',
    'logo-deadbeef.png',
    'v12345678.js',
  ]) {
    expect({ name, hashed: isHashed(name) }).toEqual({ name, hashed: false });
  }
});
