import type { Db } from 'mongodb';
import { warmPool, withClient } from './client';
import type { BenchConfig } from './config';
import { withDataDir } from './data-dir';
import { createRandom, makeAuthors, makePosts, type Author, type Post } from './data';
import { summarizePlan } from './explain-plan';
import { runLoad } from '../shared/load';
import { POST_INDEXES, postQueries } from './post-queries';
import type { ScenarioResults } from './results';
import { withServer } from './server-process';
import { formatCount } from '../shared/stats';

/** Untimed queries before each timed run, so connections and code paths are warm. */
const WARMUP_FRACTION = 0.05;

async function loadPosts(db: Db, config: BenchConfig, authors: Author[]): Promise<void> {
  const posts = db.collection<Post>('posts');
  const random = createRandom(2);
  for (let from = 0; from < config.posts; from += config.insertManyBatch) {
    const count = Math.min(config.insertManyBatch, config.posts - from);
    await posts.insertMany(makePosts(from, count, authors, random));
  }
  await posts.createIndexes(POST_INDEXES.map((index) => ({ ...index })));
}

/**
 * Queries over `config.posts` posts with three secondary indexes: a point lookup with and without an index, an
 * author's feed page, and a time range; each with one client in sequence and with many in flight.
 */
export async function benchFinds(config: BenchConfig, results: ScenarioResults): Promise<void> {
  const authors = makeAuthors(config.authors);
  await withDataDir('finds', (dbpath) =>
    withServer({ dbpath }, (server) =>
      withClient(server.uri, async (db) => {
        await loadPosts(db, config, authors);
        const state = `${formatCount(config.posts)} posts, ${POST_INDEXES.length} secondary indexes`;
        results.memory.push({ state: `${state}, before the finds`, memory: server.memory() });
        const posts = db.collection<Post>('posts');
        await warmPool(db, config.findConcurrency);
        for (const query of postQueries(posts, config.posts, authors)) {
          const plan = summarizePlan(await query.explain());
          for (const clients of [1, config.findConcurrency]) {
            const ops = query.scan ? config.scanOps : config.findOps;
            const random = createRandom(3);
            const warmup = Math.max(1, Math.ceil(ops * WARMUP_FRACTION));
            await runLoad({ ops: warmup, concurrency: clients, maxSeconds: config.maxPhaseSeconds }, () =>
              query.run(random),
            );
            const load = await runLoad(
              { ops, concurrency: clients, maxSeconds: config.maxPhaseSeconds },
              () => query.run(random),
            );
            results.finds.push({
              query: query.name,
              plan: plan.stages,
              docsExamined: plan.docsExamined,
              clients,
              load,
            });
          }
        }
        results.memory.push({ state: `${state}, after the finds`, memory: server.memory() });
      }),
    ),
  );
}
