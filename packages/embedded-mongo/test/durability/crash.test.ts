import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { spawnServer } from '../support/server-process';

jest.setTimeout(120_000);

interface Acknowledged {
  inserted: Set<string>;
  /** Deletes sent: one in flight when the server dies may or may not have been applied. */
  deleteSent: Set<string>;
  deleted: Set<string>;
  /** The highest counter value the server acknowledged, per writer. */
  counters: Map<string, number>;
}

interface WriterDoc {
  _id: string;
  writer?: string;
  i?: number;
  payload?: string;
  value?: number;
}

/** One writer: inserts, increments its counter and deletes some of its own documents until the server dies. */
async function writer(client: MongoClient, name: string, acked: Acknowledged): Promise<void> {
  const docs = client.db('app').collection<WriterDoc>('docs');
  for (let i = 0; i < 100_000; i++) {
    try {
      const id = `${name}-${i}`;
      await docs.insertOne({ _id: id, writer: name, i, payload: 'p'.repeat(100 + (i % 50)) });
      acked.inserted.add(id);
      const counter = await docs.findOneAndUpdate(
        { _id: `counter-${name}` },
        { $inc: { value: 1 } },
        { upsert: true, returnDocument: 'after' },
      );
      acked.counters.set(name, counter?.value ?? 0);
      if (i % 5 === 4) {
        const victim = `${name}-${i - 2}`;
        acked.deleteSent.add(victim);
        await docs.deleteOne({ _id: victim });
        acked.deleted.add(victim);
      }
    } catch {
      return; // the server was killed: whatever was not acknowledged may or may not be there
    }
  }
}

async function crashRound(dbpath: string, round: string, killAfterAcks: number): Promise<void> {
  const server = await spawnServer(dbpath, { EMBEDDED_MONGO_COMPACT_AFTER_BYTES: String(32 * 1024) });
  const client = new MongoClient(server.uri, {
    serverSelectionTimeoutMS: 1000,
    socketTimeoutMS: 5000,
    retryWrites: false,
  });
  await client.connect();
  const acked: Acknowledged = {
    inserted: new Set(),
    deleteSent: new Set(),
    deleted: new Set(),
    counters: new Map(),
  };
  const writers = Array.from({ length: 8 }, (_, w) => writer(client, `${round}w${w}`, acked));
  // Kill the process without warning in the middle of the burst.
  while (acked.inserted.size < killAfterAcks) await new Promise((resolve) => setTimeout(resolve, 5));
  server.child.kill('SIGKILL');
  await server.exited;
  await Promise.all(writers);
  await client.close(true);

  const restarted = await spawnServer(dbpath);
  const check = new MongoClient(restarted.uri);
  try {
    await check.connect();
    const docs = check.db('app').collection<{ _id: string; value?: number }>('docs');
    const present = new Set((await docs.find({}, { projection: { _id: 1 } }).toArray()).map((d) => d._id));
    const missing = [...acked.inserted].filter((id) => !acked.deleteSent.has(id) && !present.has(id));
    const resurrected = [...acked.deleted].filter((id) => present.has(id));
    expect(missing).toEqual([]);
    expect(resurrected).toEqual([]);
    for (const [name, value] of acked.counters) {
      const counter = await docs.findOne({ _id: `counter-${name}` });
      expect(counter?.value).toBeGreaterThanOrEqual(value);
    }
    expect(acked.inserted.size).toBeGreaterThanOrEqual(killAfterAcks);
  } finally {
    await check.close();
    restarted.child.kill('SIGTERM');
    await restarted.exited;
  }
}

test('SIGKILL in the middle of a write burst loses no acknowledged write, across compactions', async () => {
  const dbpath = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-crash-'));
  try {
    // Each round kills the server at a different point and the next round starts from what the crash left.
    for (const [round, killAfterAcks] of [300, 900, 1500].entries())
      await crashRound(dbpath, `r${round}`, killAfterAcks);
    expect(fs.readdirSync(dbpath)).toContain('snapshot.bson');
  } finally {
    fs.rmSync(dbpath, { recursive: true, force: true });
  }
});

test('a second process on the same data directory exits with a clear message', async () => {
  const dbpath = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-lock-'));
  const first = await spawnServer(dbpath);
  try {
    await expect(spawnServer(dbpath)).rejects.toThrow(
      /already in use by another embedded-mongo server \(pid \d+\)/,
    );
  } finally {
    first.child.kill('SIGTERM');
    await first.exited;
    fs.rmSync(dbpath, { recursive: true, force: true });
  }
});
