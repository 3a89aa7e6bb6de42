/** One `GET /api/users` the screen sent: its query string ('' for none) and when it left. */
export interface SearchCall {
  query: string;
  at: number;
}

/**
 * Watches the screen's `GET /api/users` calls on their way to the real back end. A call whose query `hold`
 * picks waits until `release()` before it goes on (to make an answer arrive late); nothing is faked.
 */
export function watchUserSearches(hold: (query: URLSearchParams) => boolean = () => false) {
  const realFetch = globalThis.fetch;
  const calls: SearchCall[] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method === 'GET' && url.pathname === '/api/users') {
      calls.push({ query: url.search, at: Date.now() });
      if (hold(url.searchParams)) await gate;
    }
    return realFetch(input, init);
  });
  return {
    calls,
    /** The query strings, in order. */
    queries: () => calls.map((call) => call.query),
    release,
    restore: () => spy.mockRestore(),
  };
}
