import { performance } from 'node:perf_hooks';
import type { ChangeStream, Db } from 'mongodb';
import { BASELINE_COMMIT } from './baseline';
import { withClient, warmPool } from './client';
import type { BenchConfig } from './config';
import { withDataDir } from './data-dir';
import { createRandom, makeAuthors, makePosts } from './data';
import type { ScenarioResults } from './results';
import { withServer, type ServerEntry } from './server-process';
import { runLoad } from '../shared/load';
import { processCpuSeconds } from '../shared/proc';
import { summarize } from '../shared/stats';

/**
 * What the replica-set machinery costs and gives. Plain inserts on the server before the oplog existed (the
 * baseline commit) and now, in alternating pairs in the same run; the time from sending a write to receiving its
 * change event, with 1 and 100 watchers; and transactions committed per second.
 */
export async function benchReplication(config: BenchConfig, results: ScenarioResults): Promise<void> {
  await oplogCost(config, results);
  await eventLatency(config, results, 1);
  await eventLatency(config, results, config.quick ? 20 : 100);
  await transactions(config, results);
}

async function oplogCost(config: BenchConfig, results: ScenarioResults): Promise<void> {
  const authors = makeAuthors(config.authors);
  const posts = makePosts(0, config.replicationInserts, authors, createRandom(7));
  for (let pair = 0; pair < config.replicationPairs; pair++) {
    for (const entry of ['baseline', 'bench'] as ServerEntry[]) {
      await withDataDir('oplog-cost', (dbpath) =>
        withServer({ dbpath, entry }, (server) =>
          withClient(server.uri, async (db) => {
            const collection = db.collection(`posts_${pair}`);
            await db.createCollection(collection.collectionName);
            await warmPool(db, config.insertConcurrency);
            const cpuBefore = processCpuSeconds(server.pid);
            const load = await runLoad(
              {
                ops: posts.length,
                concurrency: config.insertConcurrency,
                maxSeconds: config.maxPhaseSeconds,
              },
              (i) => collection.insertOne({ ...posts[i] }),
            );
            const cpu = processCpuSeconds(server.pid) - cpuBefore;
            results.oplogCost.push({
              server: entry === 'baseline' ? `before the oplog (${BASELINE_COMMIT})` : 'with the oplog (now)',
              pair,
              load,
              serverCpuMsPerInsert: (cpu * 1000) / load.ops,
            });
          }),
        ),
      );
    }
  }
}

/** Opens `watchers` change streams that call `onChange`, and waits until the server has every cursor. */
async function openWatchers(
  db: Db,
  watchers: number,
  onChange: (id: number) => void,
): Promise<ChangeStream[]> {
  return Promise.all(
    Array.from({ length: watchers }, async () => {
      const stream = db.collection('events').watch([], { maxAwaitTimeMS: 30_000 });
      const started = new Promise((resolve) => stream.once('resumeTokenChanged', resolve));
      stream.on('change', (event) =>
        onChange((event as unknown as { documentKey: { _id: number } }).documentKey._id),
      );
      await started;
      return stream;
    }),
  );
}

async function eventLatency(config: BenchConfig, results: ScenarioResults, watchers: number): Promise<void> {
  await withDataDir('change-events', (dbpath) =>
    withServer({ dbpath }, (server) =>
      withClient(
        server.uri,
        async (db) => {
          const writes = config.replicationEvents;
          const sentAt = new Float64Array(writes);
          const latencies: number[] = [];
          let received = 0;
          const streams = await openWatchers(db, watchers, (i) => {
            latencies.push(performance.now() - sentAt[i]);
            received++;
          });
          const collection = db.collection<{ _id: number }>('events');
          // One write at a time: each event's latency is measured without others queued in front of it.
          for (let i = 0; i < writes; i++) {
            sentAt[i] = performance.now();
            await collection.insertOne({ _id: i });
            // Let the watchers' getMores come back before the next write.
            while (received < (i + 1) * watchers) await new Promise((resolve) => setImmediate(resolve));
          }
          await Promise.all(streams.map((stream) => stream.close()));
          results.changeEvents.push({ watchers, events: latencies.length, latencyMs: summarize(latencies) });
        },
        Math.max(64, watchers + 8),
      ),
    ),
  );
}

async function transactions(config: BenchConfig, results: ScenarioResults): Promise<void> {
  await withDataDir('transactions', (dbpath) =>
    withServer({ dbpath }, (server) =>
      withClient(server.uri, async (db) => {
        const client = db.client;
        await db.createCollection('orders');
        await db.createCollection('stock');
        await warmPool(db, config.insertConcurrency);
        const cpuBefore = processCpuSeconds(server.pid);
        // Each transaction writes an order and updates its own stock counter: two collections, no conflicts.
        const load = await runLoad(
          {
            ops: config.replicationTransactions,
            concurrency: config.insertConcurrency,
            maxSeconds: config.maxPhaseSeconds,
          },
          async (i) => {
            const session = client.startSession();
            try {
              await session.withTransaction(async () => {
                await db.collection<{ _id: number }>('orders').insertOne({ _id: i }, { session });
                await db
                  .collection<{ _id: number; n: number }>('stock')
                  .updateOne(
                    { _id: i % config.insertConcurrency },
                    { $inc: { n: 1 } },
                    { session, upsert: true },
                  );
              });
            } finally {
              await session.endSession();
            }
          },
        );
        const cpu = processCpuSeconds(server.pid) - cpuBefore;
        const committed = await db.collection('orders').countDocuments();
        if (committed !== load.ops) throw new Error(`${committed} orders committed, expected ${load.ops}`);
        results.transactions.push({ load, serverCpuMsPerCommit: (cpu * 1000) / load.ops });
      }),
    ),
  );
}
