import { DB_NAME, withClient, warmPool } from './client';
import type { BenchConfig } from './config';
import { withDataDir } from './data-dir';
import { createRandom, makeAuthors, makePosts } from './data';
import { runLoad } from '../shared/load';
import type { ScenarioResults } from './results';
import { withServer } from './server-process';
import { formatCount } from '../shared/stats';

interface InsertMode {
  mode: string;
  concurrency: number;
  batch: number;
}

function modes(config: BenchConfig): InsertMode[] {
  return [
    { mode: 'insertOne, 1 in flight', concurrency: 1, batch: 1 },
    {
      mode: `insertOne, ${config.insertConcurrency} in flight`,
      concurrency: config.insertConcurrency,
      batch: 1,
    },
    {
      mode: `insertMany, ${formatCount(config.insertManyBatch)} per batch`,
      concurrency: 1,
      batch: config.insertManyBatch,
    },
    // One call with every post: the driver sends it as one large message (up to 48 MB).
    { mode: `insertMany, all ${formatCount(config.posts)} in one call`, concurrency: 1, batch: config.posts },
  ];
}

/**
 * Inserts `config.posts` posts four ways, each into a fresh server and data directory (only the `_id` index):
 * one acknowledged insert at a time, many in flight (group commit shares each fdatasync), in batches, and all at
 * once.
 */
export async function benchInserts(config: BenchConfig, results: ScenarioResults): Promise<void> {
  const authors = makeAuthors(config.authors);
  for (const { mode, concurrency, batch } of modes(config)) {
    await withDataDir('inserts', (dbpath) =>
      withServer({ dbpath }, (server) =>
        withClient(server.uri, async (db) => {
          const posts = makePosts(0, config.posts, authors, createRandom(1));
          const collection = db.collection('posts');
          await db.createCollection('posts');
          await warmPool(db, concurrency);
          const ops = Math.ceil(posts.length / batch);
          const load = await runLoad({ ops, concurrency, maxSeconds: config.maxPhaseSeconds }, (i) =>
            batch === 1
              ? collection.insertOne(posts[i])
              : collection.insertMany(posts.slice(i * batch, (i + 1) * batch)),
          );
          const expected = Math.min(posts.length, load.ops * batch);
          const stored = await collection.estimatedDocumentCount();
          if (stored !== expected)
            throw new Error(`${DB_NAME}.posts holds ${stored} posts, expected ${expected}`);
          results.inserts.push({ mode, docs: stored, load });
          if (batch === config.insertManyBatch)
            results.memory.push({
              state: `after inserting ${formatCount(stored)} posts`,
              memory: server.memory(),
            });
        }),
      ),
    );
  }
}
