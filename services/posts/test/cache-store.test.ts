import { InvalidatingCache } from '../src/cache/store';
import { ViewerFieldsCache, type LoadedFields } from '../src/cache/viewer-fields';

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

/** A fields load the test settles by hand: liked and saved posts, each with its document's id. */
function manualFieldLoads() {
  const started: { posts: string[]; settle(liked: string[][], saved?: string[][]): void }[] = [];
  const load = (posts: string[]) =>
    new Promise<LoadedFields>((resolve) => {
      started.push({
        posts,
        settle: (liked, saved = []) =>
          resolve({
            liked: new Map(liked as [string, string][]),
            saved: new Map(saved as [string, string][]),
          }),
      });
    });
  return { started, load };
}

test("the readers' likes and bookmarks: a change of a post drops every reader's, a load it overtook keeps nothing, a deletion finds its post by the document's id", async () => {
  const cache = new ViewerFieldsCache(3);
  cache.live = true;
  const { started, load } = manualFieldLoads();
  const read = (reader: string, posts: string[]) => cache.read(reader, posts, load);
  const ada = read('ada', ['p1', 'p2']);
  started[0].settle([['p1', 'like1']], [['p2', 'mark1']]);
  expect((await ada)('p1')).toEqual({ likedByMe: true, bookmarkedByMe: false });
  expect((await ada)('p2')).toEqual({ likedByMe: false, bookmarkedByMe: true });
  // Held: no load.
  expect((await read('ada', ['p1', 'p2']))('p2').bookmarkedByMe).toBe(true);
  expect(started).toHaveLength(1);

  // Someone's like of p1 changed: every reader's p1 goes, p2 stays.
  cache.postChanged('p1');
  const again = read('ada', ['p1', 'p2']);
  expect(started[1].posts).toEqual(['p1']);
  started[1].settle([]);
  expect((await again)('p1').likedByMe).toBe(false);

  // A load overtaken by a change of its post answers, but is not kept.
  const bob = read('bob', ['p3']);
  cache.postChanged('p3');
  started[2].settle([['p3', 'like3']]);
  expect((await bob)('p3').likedByMe).toBe(true);
  const bobAgain = read('bob', ['p3']);
  expect(started).toHaveLength(4);
  started[3].settle([]);
  await bobAgain;

  // A bookmark deleted by id: the load that read it noted its post.
  cache.documentDeleted('mark1');
  void read('ada', ['p2']);
  expect(started[4].posts).toEqual(['p2']);
  started[4].settle([]);

  // A deletion of an id no load noted, during a load: that load keeps nothing.
  const cyd = read('cyd', ['p4']);
  cache.documentDeleted('unknown');
  started[5].settle([['p4', 'like4']]);
  await cyd;
  void read('cyd', ['p4']);
  expect(started).toHaveLength(7);
  started[6].settle([]);

  // At most 3 pairs: the posts least recently read go first.
  expect(cache.size).toBeLessThanOrEqual(3);
});

test('a load that passes the documents remembered drops what is held but keeps its own, up to the limit', async () => {
  // At most 3 like or bookmark ids remembered.
  const cache = new ViewerFieldsCache(100, 3);
  cache.live = true;
  const { started, load } = manualFieldLoads();
  const read = (reader: string, posts: string[]) => cache.read(reader, posts, load);

  const ada = read('ada', ['p1', 'p2']);
  started[0].settle([['p1', 'like1']], [['p2', 'mark1']]);
  await ada;
  // Two more ids: 4 > 3, so ada's pairs go; bob's own are kept (2 ids, and p7 that he neither liked nor saved).
  const bob = read('bob', ['p3', 'p4', 'p7']);
  started[1].settle([['p3', 'like3']], [['p4', 'mark4']]);
  expect((await bob)('p4').bookmarkedByMe).toBe(true);
  // Held: no load (one would be started at once).
  void read('bob', ['p3', 'p4', 'p7']);
  expect(started).toHaveLength(2);
  void read('ada', ['p1']);
  expect(started[2].posts).toEqual(['p1']);
  started[2].settle([]);

  // Kept with their documents: deleting bob's bookmark finds its post.
  cache.documentDeleted('mark4');
  void read('bob', ['p4']);
  expect(started[3].posts).toEqual(['p4']);
  started[3].settle([]);

  // A load of more ids than the limit answers all of them and keeps posts while their ids fit.
  const cyd = read('cyd', ['p5', 'p6', 'p8', 'p9']);
  started[4].settle([
    ['p5', 'like5'],
    ['p6', 'like6'],
    ['p8', 'like8'],
    ['p9', 'like9'],
  ]);
  const answered = await cyd;
  expect(['p5', 'p6', 'p8', 'p9'].map((post) => answered(post).likedByMe)).toEqual([true, true, true, true]);
  void read('cyd', ['p5', 'p6', 'p8', 'p9']);
  expect(started[5].posts).toEqual(['p9']);
  started[5].settle([]);
});
