import { InvalidatingCache } from '../src/cache/store';

/**
 * The rules that keep the feed cache from holding an entry older than the last change it was told of
 * (docs/caching.md "Invalidation"), on the store alone: loads are promises the test settles itself.
 */

/** A load the test settles by hand, and how many times it was started. */
function manualLoads() {
  const started: { keys: string[]; settle(values: Record<string, string>): void }[] = [];
  const load = (keys: string[]) =>
    new Promise<Map<string, string>>((resolve) => {
      started.push({ keys, settle: (values) => resolve(new Map(Object.entries(values))) });
    });
  return { started, load };
}

function liveCache(max = 10): InvalidatingCache<string> {
  const cache = new InvalidatingCache<string>(max);
  cache.live = true;
  return cache;
}

test('concurrent misses share one load; what it gives is kept and answers the next reader without a load', async () => {
  const cache = liveCache();
  const { started, load } = manualLoads();
  const first = cache.getMany(['a', 'b'], load);
  const second = cache.getMany(['b'], load);
  expect(started).toHaveLength(1);
  started[0].settle({ a: 'A1', b: 'B1' });
  expect(await first).toEqual(
    new Map([
      ['a', 'A1'],
      ['b', 'B1'],
    ]),
  );
  expect(await second).toEqual(new Map([['b', 'B1']]));
  expect(await cache.getMany(['a', 'b'], load)).toEqual(
    new Map([
      ['a', 'A1'],
      ['b', 'B1'],
    ]),
  );
  expect(started).toHaveLength(1);
});

test('a load overtaken by an invalidation answers who waited for it, is not kept, and a later reader loads again', async () => {
  const cache = liveCache();
  const { started, load } = manualLoads();
  const early = cache.getMany(['a'], load);
  cache.invalidate('a'); // a write committed while the load was reading
  const late = cache.getMany(['a'], load);
  expect(started).toHaveLength(2);
  started[0].settle({ a: 'before the write' });
  started[1].settle({ a: 'after the write' });
  expect((await early).get('a')).toBe('before the write');
  expect((await late).get('a')).toBe('after the write');
  expect((await cache.getMany(['a'], load)).get('a')).toBe('after the write');
  expect(started).toHaveLength(2);
});

test('clear() drops everything and every load in progress; nothing is kept while not live; the oldest goes first', async () => {
  const cache = liveCache(2);
  const { started, load } = manualLoads();
  const pending = cache.getMany(['a'], load);
  cache.clear();
  started[0].settle({ a: 'old' });
  await pending;
  expect(cache.size).toBe(0);

  cache.live = false;
  const offline = cache.getMany(['b'], load);
  started[1].settle({ b: 'B' });
  expect((await offline).get('b')).toBe('B');
  expect(cache.size).toBe(0);

  cache.live = true;
  for (const key of ['x', 'y', 'z']) {
    const got = cache.getMany([key], load);
    started[started.length - 1].settle({ [key]: key.toUpperCase() });
    await got;
  }
  expect(cache.size).toBe(2);
  const reloaded = cache.getMany(['x', 'y', 'z'], load);
  expect(started[started.length - 1].keys).toEqual(['x']); // y and z were kept, x was the oldest
  started[started.length - 1].settle({});
  expect(await reloaded).toEqual(
    new Map([
      ['y', 'Y'],
      ['z', 'Z'],
    ]),
  );
});
