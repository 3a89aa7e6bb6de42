// jsdom: the defaults a page gets (window.localStorage, document.visibilityState, history), the singleton, the
// unread and navigation stores and the token decoder. No network here (jsdom has no fetch).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createSdk, decodeTokenPayload, getSdk, sdk, SDK_VERSION, type FetchLike } from '../src';

const base64url = (text: string): string =>
  btoa(String.fromCharCode(...new TextEncoderLike().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** UTF-8 bytes without TextEncoder (missing in jsdom). */
class TextEncoderLike {
  encode(text: string): number[] {
    return [...unescape(encodeURIComponent(text))].map((c) => c.charCodeAt(0));
  }
}

const tokenOf = (payload: object): string =>
  `${base64url('{"alg":"HS256"}')}.${base64url(JSON.stringify(payload))}.sig`;

beforeEach(() => window.localStorage.clear());

describe('token payload decoder', () => {
  test('reads base64url JSON, including non-ASCII text', () => {
    const payload = { userId: 'u1', email: 'zoë@example.com', username: 'zoë_dev', tv: 2 };
    expect(decodeTokenPayload(tokenOf(payload))).toEqual(payload);
  });

  test.each(['', 'garbage', 'a.b', 'a.!!!.c', `x.${base64url('not json')}.y`, `x.${base64url('[1]')}.y`])(
    'null for an unreadable token %p',
    (token) => expect(decodeTokenPayload(token)).toBeNull(),
  );
});

describe('defaults', () => {
  test('version, and the page has one instance', () => {
    expect(SDK_VERSION).toBe('2.1.0');
    expect(sdk.version).toBe('2.1.0');
    // The package's version (what federation compares for the singleton) moves with the contract's.
    const packageJson = JSON.parse(readFileSync(path.join(__dirname, '../package.json'), 'utf8'));
    expect(packageJson.version).toBe(SDK_VERSION);
    expect(sdk.auth).toBe(getSdk().auth);
    expect(sdk.unread).toBe(sdk.unread);
  });

  test('the token lives in window.localStorage under "token"; logout clears it', async () => {
    window.localStorage.setItem('token', tokenOf({ userId: 'u1' }));
    const instance = createSdk();
    expect(instance.auth.getState()).toMatchObject({
      token: window.localStorage.getItem('token'),
      loading: true,
    });
    instance.auth.replaceToken('t2');
    expect(window.localStorage.getItem('token')).toBe('t2');
    instance.auth.logout();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(instance.auth.getState()).toEqual({
      user: null,
      token: null,
      loading: false,
      authenticated: false,
    });
    await instance.auth.init();
    expect(instance.auth.getState().loading).toBe(false);
  });

  test('the base address: globalThis.__DEVCIRCLE_API_BASE__, else same origin; the ping skips hidden tabs', async () => {
    const urls: string[] = [];
    // jsdom has no fetch or Response: a stand-in that answers like the auth service.
    const fetch: FetchLike = async (input) => {
      urls.push(input);
      const body = input.endsWith('/login')
        ? { token: 't', user: { id: 'u1', username: 'ada', email: 'a@b.c' } }
        : {};
      return { ok: true, status: 200, text: async () => JSON.stringify(body) } as Response;
    };
    jest.useFakeTimers();
    try {
      globalThis.__DEVCIRCLE_API_BASE__ = 'https://api.devcircle.test/';
      await createSdk({ fetch }).auth.login('a@b.c', 'secret1');
      delete globalThis.__DEVCIRCLE_API_BASE__;
      const sameOrigin = createSdk({ fetch });
      await sameOrigin.auth.login('a@b.c', 'secret1');
      expect(urls).toEqual(['https://api.devcircle.test/api/auth/login', '/api/auth/login']);

      urls.length = 0;
      jest.advanceTimersByTime(600000);
      // Both instances ping (the first is still signed in), at their own base address.
      expect(urls).toEqual(['https://api.devcircle.test/api/auth/ping', '/api/auth/ping']);
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      jest.advanceTimersByTime(600000);
      expect(urls).toHaveLength(2);
    } finally {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      delete globalThis.__DEVCIRCLE_API_BASE__;
      jest.useRealTimers();
    }
  });
});

describe('unread indicator', () => {
  test('get, set, subscribe (only real changes), unsubscribe', () => {
    const { unread } = createSdk();
    const seen: boolean[] = [];
    const off = unread.subscribe((value) => seen.push(value));
    expect(unread.get()).toBe(false);
    unread.set(true);
    unread.set(true);
    unread.set(false);
    off();
    unread.set(true);
    expect(seen).toEqual([true, false]);
    expect(unread.get()).toBe(true);
  });
});

describe('navigation', () => {
  test('without a registered navigator: the History API and a popstate event', () => {
    const { navigation } = createSdk();
    const pops: string[] = [];
    const onPop = () => pops.push(window.location.pathname);
    window.addEventListener('popstate', onPop);
    try {
      navigation.navigate('/feed');
      expect(window.location.pathname).toBe('/feed');
      const length = window.history.length;
      navigation.navigate('/explore', { replace: true });
      expect(window.location.pathname).toBe('/explore');
      expect(window.history.length).toBe(length);
      expect(pops).toEqual(['/feed', '/explore']);
    } finally {
      window.removeEventListener('popstate', onPop);
    }
  });

  test('the shell’s navigator, once registered, does the moving', () => {
    const { navigation } = createSdk();
    const calls: unknown[] = [];
    navigation.setNavigator((to, options) => calls.push([to, options]));
    const before = window.location.pathname;
    navigation.navigate('/profile/ada');
    navigation.navigate('/login', { replace: true });
    expect(calls).toEqual([
      ['/profile/ada', undefined],
      ['/login', { replace: true }],
    ]);
    expect(window.location.pathname).toBe(before);
  });
});
