/**
 * Holds the requests `matches` picks until `release()`, then lets them reach the real back end: a screen's
 * busy state ('Posting...', 'Saving...') can be seen without faking any answer. `calls` lists every request.
 */
export function holdRequests(matches: (method: string, url: string) => boolean = () => false) {
  const realFetch = globalThis.fetch;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const calls: string[] = [];
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const url = input instanceof Request ? input.url : String(input);
    calls.push(`${method} ${new URL(url).pathname}`);
    if (matches(method, url)) await gate;
    return realFetch(input, init);
  });
  return { release, calls, restore: () => spy.mockRestore() };
}
