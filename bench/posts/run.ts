/**
 * Runs the posts service benchmark and writes RESULTS.md: `npm run bench:posts [-- --quick] [--out file]`.
 * Not a test: never run by Jest. Exits non-zero when a check fails (counts that disagree with the documents,
 * a post answer that is not bounded).
 */
import { performance } from 'node:perf_hooks';
import { announce, finish, parseRunArgs, step, runMain } from '../shared/runner';
import { FULL, QUICK } from './config';
import { sampleMemory } from './memory';
import { REPORT_METHOD, reportDetails, resultTables } from './report';
import { emptyResults, type Bench } from './results';
import { benchComments } from './scenario-comments';
import { benchFeed } from './scenario-feed';
import { benchLikes } from './scenario-likes';
import { benchPost } from './scenario-post';
import { seed, type Seeded } from './seed';
import { startPosts } from './service';

const SCENARIOS: [string, (bench: Bench) => Promise<void>][] = [
  ['feed', benchFeed],
  ['post', benchPost],
  ['likes', benchLikes],
  ['comments', benchComments],
];

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const args = parseRunArgs(argv, __dirname, 'posts');
  const config = args.quick ? QUICK : FULL;
  const environment = announce('posts benchmark', 'bench/posts/run.ts', argv, args.quick);
  const results = emptyResults();
  const started = performance.now();
  const posts = await startPosts();
  let seeded: Seeded | undefined;
  try {
    results.memory.push(sampleMemory('service started, empty database, before seeding'));
    seeded = await step('seeding', () => seed(posts.db, config));
    results.memory.push(sampleMemory('after seeding'));
    const bench: Bench = { config, baseUrl: posts.service.url, db: posts.db, seeded, results };
    for (const [name, scenario] of SCENARIOS) await step(name, () => scenario(bench));
    results.memory.push(sampleMemory('after the run'));
  } finally {
    await posts.stop();
  }
  const totalSeconds = (performance.now() - started) / 1000;
  const tables = resultTables(results, config).filter((table) => table.rows.length > 0);
  return finish(
    {
      title: 'posts service benchmark',
      generator: 'bench/posts/run.ts',
      environment,
      quick: config.quick,
      totalSeconds,
      details: reportDetails(config, seeded),
      method: REPORT_METHOD,
      tables,
      notes: results.notes,
    },
    args.out,
    results.checks,
  );
}

runMain(main);
