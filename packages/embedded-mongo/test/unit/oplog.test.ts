import {
  Oplog,
  decodeChange,
  encodeChange,
  isEncodedChange,
  namespaceOfChange,
  namespacesOfEntries,
  timeOfChange,
} from '../../src/replication/oplog';
import type { OpTime } from '../../src/replication/clock';

const SECOND = 1_700_000_000n;
const time = (counter: number): OpTime => (SECOND << 32n) | BigInt(counter);
const insert = (id: number) => ({
  op: 'insert' as const,
  db: 'app',
  coll: 'docs',
  doc: { _id: id, text: 'x'.repeat(id % 50) },
});

function filled(
  count: number,
  limits = { windowMs: 1e15, maxBytes: 1e12 },
): { oplog: Oplog; sizes: number[] } {
  const oplog = new Oplog(limits);
  const sizes: number[] = [];
  for (let i = 1; i <= count; i++) sizes.push(oplog.append(encodeChange(insert(i), time(i), 1000 + i)));
  oplog.publish();
  return { oplog, sizes };
}

test('a change keeps its time in front, where it reads without decoding, and decodes whole', () => {
  const at = (0x7fff_fff0n << 32n) | 0xffff_fffen;
  const session = { lsid: { id: 'abc' }, txnNumber: 7 };
  const payload = encodeChange(insert(3), at, 42, session);
  expect(isEncodedChange(payload)).toBe(true);
  expect(timeOfChange(payload, 0)).toBe(at);
  expect(decodeChange(payload)).toEqual({ ...insert(3), ts: at, wall: 42, session });
});

test('changes are found by time, read decoded, and only published ones are visible', () => {
  const { oplog } = filled(10);
  oplog.append(encodeChange(insert(11), time(11), 0));
  expect(oplog.end).toBe(10);
  expect(oplog.pendingEnd).toBe(11);
  expect(oplog.positionAfter(time(4))).toBe(4);
  expect(oplog.read(4, 3).map((entry) => entry.ts)).toEqual([time(5), time(6), time(7)]);
  expect(oplog.read(8, 100)).toHaveLength(2);
  expect(oplog.newestVisibleTime()).toBe(time(10));
});

test('the byte cap drops the oldest changes by their stored size and records what was lost', () => {
  const { sizes } = filled(100);
  const keep = sizes.slice(60).reduce((sum, size) => sum + size, 0);
  const { oplog } = filled(100, { windowMs: 1e15, maxBytes: keep });
  expect(oplog.start).toBe(60);
  expect(oplog.lostUpTo).toBe(time(60));
  expect(oplog.read(0, 1)[0].ts).toBe(time(61));
});

test('a snapshot of the kept changes, adopted by another oplog, reads the same across block boundaries', () => {
  // 20,000 changes of ~100 bytes span two 1 MiB blocks.
  const { oplog } = filled(20_000);
  const { runs, count } = oplog.retained();
  expect(runs.length).toBeGreaterThan(1);
  expect(count).toBe(20_000);
  const copy = new Oplog({ windowMs: 1e15, maxBytes: 1e12 });
  expect(copy.appendPacked(Buffer.concat(runs.map((run) => run.bytes())))).toBe(time(20_000));
  copy.publish();
  for (const position of [0, 9_999, 10_450, 19_999]) {
    expect(copy.read(position, 1)).toEqual(oplog.read(position, 1));
  }
  expect(copy.positionAfter(time(12_345))).toBe(12_345);
});

test('changes dropped in bulk free their blocks, and positions stay where they were', () => {
  const { sizes } = filled(20_000);
  const keep = sizes.slice(19_000).reduce((sum, size) => sum + size, 0);
  const { oplog } = filled(20_000, { windowMs: 1e15, maxBytes: keep });
  expect(oplog.start).toBe(19_000);
  expect(oplog.end).toBe(20_000);
  expect(oplog.read(19_000, 2).map((entry) => entry.ts)).toEqual([time(19_001), time(19_002)]);
  expect(oplog.positionAfter(time(19_500))).toBe(19_500);
  const { runs, count } = oplog.retained();
  expect(count).toBe(1_000);
  expect(runs.reduce((sum, run) => sum + run.length, 0)).toBe(keep);
  oplog.append(encodeChange(insert(20_001), time(20_001), 0));
  oplog.publish();
  expect(oplog.read(20_000, 1)[0].ts).toBe(time(20_001));
});

test('blocks behind the newest are kept deflated, read back the same, and a snapshot of them is whole', () => {
  // 60,000 changes of ~100 bytes fill six 1 MiB blocks; all but the newest few are deflated.
  const { oplog, sizes } = filled(60_000);
  const changeBytes = sizes.reduce((sum, size) => sum + size, 0);
  expect(oplog.heldBytes).toBeLessThan(changeBytes / 2);
  for (const position of [0, 1, 34_321, 59_999]) {
    expect(oplog.read(position, 1)[0]).toEqual(
      decodeChange(encodeChange(insert(position + 1), time(position + 1), 1001 + position)),
    );
  }
  expect(oplog.positionAfter(time(40_000))).toBe(40_000);
  const buffersBefore = process.memoryUsage().arrayBuffers;
  const { runs, count } = oplog.retained();
  // Taking the runs copies the raw blocks only (the newest two of 1 MiB at most); deflated ones are inflated when
  // the snapshot writes them, one at a time (all at once was the oplog's whole raw size in buffers).
  expect(process.memoryUsage().arrayBuffers - buffersBefore).toBeLessThan(2.5 * 1024 * 1024);
  expect(count).toBe(60_000);
  expect(runs.reduce((sum, run) => sum + run.length, 0)).toBe(changeBytes);
  // Reused raw blocks do not change what an earlier snapshot or read holds.
  const early = oplog.read(59_990, 10);
  for (let i = 60_001; i <= 80_000; i++) oplog.append(encodeChange(insert(i), time(i), 1000 + i));
  oplog.publish();
  expect(oplog.read(59_990, 10)).toEqual(early);
  const copy = new Oplog({ windowMs: 1e15, maxBytes: 1e12 });
  expect(copy.appendPacked(Buffer.concat(runs.map((run) => run.bytes())))).toBe(time(60_000));
  copy.publish();
  expect(copy.heldBytes).toBeLessThan(changeBytes / 2);
  expect(copy.read(59_990, 10)).toEqual(early);
  // The cap still counts the changes' own bytes: the window kept is what it was.
  const keep = sizes.slice(30_000).reduce((sum, size) => sum + size, 0);
  const capped = filled(60_000, { windowMs: 1e15, maxBytes: keep }).oplog;
  expect(capped.start).toBe(30_000);
  expect(capped.read(30_000, 1)[0].ts).toBe(time(30_001));
});

test('a change names its namespace in its bytes; readers skip and sleep through changes to other collections', async () => {
  const other = { op: 'insert' as const, db: 'app', coll: 'other', doc: { _id: 1 } };
  const payload = encodeChange(other, time(1), 0);
  expect(namespaceOfChange(payload, 0)).toEqual({ db: 'app', coll: 'other' });
  // A rename or a transaction may concern more than the namespace it names.
  expect(
    namespaceOfChange(encodeChange({ op: 'applyOps', entries: [other] }, time(2), 0), 0),
  ).toBeUndefined();

  const oplog = new Oplog({ windowMs: 1e15, maxBytes: 1e12 });
  oplog.append(payload);
  oplog.append(encodeChange(insert(2), time(2), 0));
  oplog.publish();
  const docsOnly = (db: string, coll: string): boolean => db === 'app' && coll === 'docs';
  expect(oplog.nextConcerning(0, docsOnly)).toBe(1);

  let woken = false;
  const waiting = oplog.waitForChanges(10_000, undefined, docsOnly).then((changed) => (woken = changed));
  oplog.append(encodeChange(other, time(3), 0));
  oplog.publish();
  await new Promise((resolve) => setImmediate(resolve));
  expect(woken).toBe(false); // a change elsewhere does not wake it
  oplog.append(encodeChange(insert(4), time(4), 0));
  oplog.publish();
  expect(await waiting).toBe(true);
  expect(oplog.nextConcerning(2, docsOnly)).toBe(3);
});

test("a transaction's commit concerns the namespaces of its changes: streams of others neither wake nor stop at it", async () => {
  const into = (coll: string, id: number) => ({ op: 'insert' as const, db: 'app', coll, doc: { _id: id } });
  const changes = [into('likes', 1), into('post_events', 2), into('likes', 3)];
  expect(namespacesOfEntries(changes)).toEqual([
    { db: 'app', coll: 'likes' },
    { db: 'app', coll: 'post_events' },
    { db: 'app', coll: 'likes' },
  ]);
  // A rename may concern its target too: the commit then concerns every stream.
  const rename = { op: 'renameCollection' as const, db: 'app', coll: 'a', toDb: 'app', toColl: 'b' };
  expect(namespacesOfEntries([into('likes', 4), rename])).toBeUndefined();

  const oplog = new Oplog({ windowMs: 1e15, maxBytes: 1e12 });
  const commit = (time_: number) => {
    const entry = { op: 'applyOps' as const, entries: changes };
    oplog.append(encodeChange(entry, time(time_), 0), namespacesOfEntries(entry.entries));
  };
  const watching = (coll: string) => (db: string, name: string) => db === 'app' && name === coll;
  let woken = false;
  const waiting = oplog
    .waitForChanges(10_000, undefined, watching('follows'))
    .then((changed) => (woken = changed));
  commit(1);
  oplog.publish();
  await new Promise((resolve) => setImmediate(resolve));
  expect(woken).toBe(false);
  expect(oplog.nextConcerning(0, watching('follows'))).toBe(1);
  expect(oplog.nextConcerning(0, watching('post_events'))).toBe(0);
  const events = oplog.waitForChanges(10_000, undefined, watching('post_events'));
  commit(2);
  oplog.publish();
  expect(await events).toBe(true);
  oplog.close();
  expect(await waiting).toBe(false);
});
