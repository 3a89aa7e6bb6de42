/**
 * Where a socket's heap goes: `npx tsx bench/notifications/capacity-heap.ts [sockets] [catch-up]` (default 3,000
 * sockets, no catch-up). With `catch-up` n, each socket's user first gets n notifications, written straight into
 * `notifications` an hour ago, and the socket connects with `auth.after` older than them, so the server sends them
 * in its catch-up (at most its CATCH_UP_LIMIT, 50) and the socket joins a `sent:<id>` room for each. Starts the
 * back end, one notifications instance in a child process (as the capacity run does) and one client process,
 * writes a heap snapshot of the instance after one socket opened and closed and another with `sockets` held, and
 * prints the difference per socket, by what V8 calls each object (its constructor, or `(string)`, `(closure)`,
 * …), as self sizes: what each kind of object itself takes, not what it keeps alive. Set
 * `BENCH_INSTANCE_WHAT_IF=drop-request` to see a proposed change's effect (instance-entry.ts). Not part of the
 * benchmark run; the snapshots go to the temp directory and are deleted.
 */
import { readFile, rm } from 'node:fs/promises';
import { ObjectId, type Db } from 'mongodb';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NotificationDoc } from '../../services/notifications/src/notifications/notification';
import { formatBytes, formatCount } from '../shared/stats';
import { ClientProcess, type ClientMember } from './capacity-clients';
import { signedMember } from './http';
import { InstanceProcess } from './instance-process';
import { likeNotification } from './seed';
import { startStack } from './stack';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

/** Self size and count by kind: `type:name` for objects (their constructor), the type alone for the rest. */
async function bySelfSize(file: string): Promise<Map<string, { bytes: number; count: number }>> {
  const heap = JSON.parse(await readFile(file, 'utf8')) as Snapshot;
  const fields = heap.snapshot.meta.node_fields;
  const types = heap.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const totals = new Map<string, { bytes: number; count: number }>();
  for (let i = 0; i < heap.nodes.length; i += fields.length) {
    const type = types[heap.nodes[i + typeAt]];
    const kind = type === 'object' || type === 'native' ? heap.strings[heap.nodes[i + nameAt]] : `(${type})`;
    const total = totals.get(kind) ?? { bytes: 0, count: 0 };
    total.bytes += heap.nodes[i + sizeAt];
    total.count++;
    totals.set(kind, total);
  }
  return totals;
}

/** An ObjectId at `seconds` with a counter: ordered by time, unique. */
const idAt = (seconds: number, counter: number) =>
  new ObjectId(seconds.toString(16).padStart(8, '0') + counter.toString(16).padStart(16, '0'));

/** `perUser` like notifications for each member, an hour ago, from one sender; the members' `after` before them. */
async function seedCatchUp(db: Db, members: ClientMember[], perUser: number): Promise<void> {
  const start = Math.floor(Date.now() / 1000) - 3600 - perUser;
  const sender = { _id: idAt(start - 86_400, 0), username: 'catchupsender', displayName: 'Catch-up Sender' };
  await db.collection('people').insertOne({ ...sender, nameEventId: sender._id });
  let counter = 1;
  let pending: NotificationDoc[] = [];
  for (const member of members) {
    member.after = idAt(start - 1, counter++).toHexString();
    for (let i = 0; i < perUser; i++) {
      pending.push(likeNotification(idAt(start + i, counter++), new ObjectId(member.userId), sender));
    }
    if (pending.length >= 5_000) {
      await db.collection('notifications').insertMany(pending);
      pending = [];
    }
  }
  if (pending.length > 0) await db.collection('notifications').insertMany(pending);
}

async function main(): Promise<void> {
  const sockets = Number(process.argv[2] ?? 3_000);
  const catchUp = Number(process.argv[3] ?? 0);
  const stack = await startStack();
  const instance = await InstanceProcess.start(stack.notificationsEnv, { openFiles: sockets + 1_000 });
  const client = await ClientProcess.start('127.0.0.2', sockets + 1_000);
  const files = [path.join(tmpdir(), `capacity-heap-${process.pid}-0.heapsnapshot`)];
  files.push(files[0].replace('-0.', '-1.'));
  try {
    const membersOf = (count: number, tag: string): ClientMember[] =>
      Array.from({ length: count }, (_, i) => signedMember(`${tag}${i}`)).map((m) => ({
        userId: m.id,
        token: m.token,
      }));
    const connect = (members: ClientMember[]) =>
      client.connect(instance.url, members, { inFlight: 25, timeoutMs: 20_000, limitMs: 600_000 });
    const members = membersOf(sockets, 'heap');
    if (catchUp > 0) await seedCatchUp(stack.db, members, catchUp);
    await connect(membersOf(1, 'warmup'));
    await client.closeSockets();
    await sleep(500);
    await instance.snapshot(files[0]);
    const { opened } = await connect(members);
    // Until every catch-up has arrived (it runs after the connection).
    const expected = opened * Math.min(catchUp, 50);
    for (let waited = 0; waited < 240_000 && (await client.status()).received < expected; waited += 500)
      await sleep(500);
    const { received } = await client.status();
    const held = await instance.sample();
    await instance.snapshot(files[1]);
    const [before, after] = await Promise.all(files.map(bySelfSize));
    const rows = [...after].map(([kind, { bytes, count }]) => {
      const base = before.get(kind) ?? { bytes: 0, count: 0 };
      return { kind, bytes: (bytes - base.bytes) / opened, count: (count - base.count) / opened };
    });
    rows.sort((a, b) => b.bytes - a.bytes);
    const total = rows.reduce((sum, row) => sum + row.bytes, 0);
    console.log(
      `${formatCount(opened)} sockets held (registry ${formatCount(held.sockets)}), ` +
        `${formatCount(received)} notifications caught up, ` +
        `what-if: ${process.env.BENCH_INSTANCE_WHAT_IF ?? 'none'}; heap growth per socket ${formatBytes(total)}`,
    );
    console.log('bytes/socket  objects/socket  kind');
    for (const row of rows.slice(0, 40))
      console.log(`${row.bytes.toFixed(0).padStart(12)}  ${row.count.toFixed(2).padStart(14)}  ${row.kind}`);
  } finally {
    await client.stop();
    await instance.stop();
    await stack.stop();
    await Promise.all(files.map((file) => rm(file, { force: true })));
  }
}

main().then(
  () => process.exit(0),
  (err: Error) => {
    console.error(err.stack ?? err.message);
    process.exit(1);
  },
);
