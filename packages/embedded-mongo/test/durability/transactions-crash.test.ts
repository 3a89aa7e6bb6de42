import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { spawnServer, type ServerProcess } from '../support/server-process';

jest.setTimeout(120_000);

const ROUNDS = 20;
const WORKERS = 6;

interface Transfer {
  _id: string;
  round: number;
}

interface Counter {
  _id: string;
  commits: number;
}

/**
 * One worker: transactions that each write two documents in two collections and bump the worker's counter, until
 * the server dies. Collects the ids whose commit was acknowledged.
 */
async function worker(
  client: MongoClient,
  name: string,
  round: number,
  acked: string[],
  killed: () => boolean,
): Promise<void> {
  const db = client.db('bank');
  for (let i = 0; !killed(); i++) {
    const id = `${name}-${i}`;
    const session = client.startSession();
    try {
      await session.withTransaction(async () => {
        // withTransaction retries transient errors for up to two minutes; a dead server is not one to wait for.
        if (killed()) throw new Error('the server was killed');
        await db.collection<Transfer>('debits').insertOne({ _id: id, round }, { session });
        await db.collection<Transfer>('credits').insertOne({ _id: id, round }, { session });
        await db
          .collection<Counter>('counters')
          .updateOne({ _id: name }, { $inc: { commits: 1 } }, { session, upsert: true });
      });
      acked.push(id);
    } catch {
      return; // the server was killed: an unacknowledged commit may or may not have happened
    } finally {
      await session.endSession().catch(() => undefined);
    }
  }
}

/**
 * A client whose operations in flight when the server dies give up quickly (300 ms of server selection) instead of
 * waiting for it to come back. Its first connection may take longer than that on a loaded machine (the fresh-clone
 * CI once got "Server selection timed out after 300 ms" from `connect` at load 15), so connecting is tried again
 * until the server, already listening, answers: a condition, not a longer wait for every round's operations.
 */
async function connectQuickToGiveUp(uri: string): Promise<MongoClient> {
  for (let attempt = 1; ; attempt++) {
    const client = new MongoClient(uri, {
      serverSelectionTimeoutMS: 300,
      socketTimeoutMS: 5000,
      retryWrites: false,
    });
    try {
      await client.connect();
      return client;
    } catch (err) {
      await client.close(true);
      if (attempt === 50) throw err;
    }
  }
}

/** Everything committed is whole: both halves of every transfer or neither, and each counter counts its worker's. */
async function check(server: ServerProcess, acked: Set<string>): Promise<number> {
  const client = new MongoClient(server.uri, { serverSelectionTimeoutMS: 10_000 });
  try {
    const db = client.db('bank');
    const ids = async (name: string): Promise<string[]> =>
      (
        await db
          .collection<Transfer>(name)
          .find({}, { projection: { _id: 1 } })
          .toArray()
      )
        .map((d) => d._id)
        .sort();
    const debits = await ids('debits');
    const credits = await ids('credits');
    expect(credits).toEqual(debits);
    for (const counter of await db.collection<Counter>('counters').find().toArray()) {
      expect(debits.filter((id) => id.startsWith(`${counter._id}-`)).length).toBe(counter.commits);
    }
    const present = new Set(debits);
    expect([...acked].filter((id) => !present.has(id))).toEqual([]);
    return debits.length;
  } finally {
    await client.close();
  }
}

test(`${ROUNDS} SIGKILLs in the middle of concurrent transactions: every acknowledged commit whole, no partial one`, async () => {
  const dbpath = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-txn-crash-'));
  const acked = new Set<string>();
  try {
    let server = await spawnServer(dbpath, { EMBEDDED_MONGO_COMPACT_AFTER_BYTES: String(64 * 1024) });
    for (let round = 0; round < ROUNDS; round++) {
      const client = await connectQuickToGiveUp(server.uri);
      const committed: string[] = [];
      let dead = false;
      let finished = 0;
      const workers = Array.from({ length: WORKERS }, (_, w) =>
        worker(client, `r${round}w${w}`, round, committed, () => dead).finally(() => finished++),
      );
      // Kill at a different point each round, while transactions are in flight.
      const killAfter = 5 + ((round * 7) % 25);
      while (committed.length < killAfter && finished < WORKERS)
        await new Promise((resolve) => setTimeout(resolve, 2));
      expect(finished).toBe(0); // no worker stopped before the kill
      server.child.kill('SIGKILL');
      dead = true;
      await server.exited;
      await Promise.all(workers);
      await client.close(true);
      for (const id of committed) acked.add(id);

      server = await spawnServer(dbpath, { EMBEDDED_MONGO_COMPACT_AFTER_BYTES: String(64 * 1024) });
      await check(server, acked);
    }
    const total = await check(server, acked);
    expect(total).toBeGreaterThanOrEqual(acked.size);
    server.child.kill('SIGTERM');
    await server.exited;
    expect(fs.readdirSync(dbpath)).toContain('snapshot.bson'); // compactions ran between the kills
  } finally {
    fs.rmSync(dbpath, { recursive: true, force: true });
  }
});
