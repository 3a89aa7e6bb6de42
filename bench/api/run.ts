/**
 * The API benchmark (issue 17): `npm run bench:api [-- --quick] [--scale] [--baseline <checkout>]
 * [--profile-gateway] [--profile-posts] [--out file]`. The feed's first page through the gateway, side by side with the same page
 * straight from the posts service, with a raw Node server sending the same bytes, and with a deep page; CPU per
 * request per process from /proc. `--scale` adds the first page over two data sets (10k and 1M posts; this seeds
 * a million posts, minutes) and writes RESULTS-scale.md. `--baseline <dir>` runs that checkout's gateway and posts service (e.g. a
 * `git worktree` of an older commit, with a `node_modules` link) beside this one. `--profile-gateway` runs the
 * gateway under `--cpu-prof` and adds where its CPU goes; `--profile-posts` the same for the measured posts
 * service. Not a test: never run by Jest.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { announce, finish, parseRunArgs, step, type Check, runMain } from '../shared/runner';
import { formatCount, formatRate } from '../shared/stats';
import { FULL, QUICK } from './config';
import { alternate, failuresOf, idleCpu, type Run, type Target } from './measure';
import { profileIn, summarizeProfile } from './profile';
import {
  goalsTable,
  idleTable,
  METHOD,
  profileTables,
  roundsTable,
  targetsTable,
  type Measured,
} from './report';
import { startApiStack } from './stack';

const ROOT = path.resolve(__dirname, '..', '..');

/** This benchmark's own options, taken out before the shared `--quick` / `--out` parsing. */
function ownArgs(argv: string[]) {
  const rest: string[] = [];
  let scale = false;
  let profile = false;
  let profilePosts = false;
  let verbose = false;
  let baseline: string | undefined;
  let rounds: number | undefined;
  for (let k = 0; k < argv.length; k++) {
    if (argv[k] === '--scale') scale = true;
    else if (argv[k] === '--verbose') verbose = true;
    else if (argv[k] === '--rounds') {
      rounds = Number(argv[++k]);
      if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds needs a whole number of rounds');
    } else if (argv[k] === '--profile-gateway') profile = true;
    else if (argv[k] === '--profile-posts') profilePosts = true;
    else if (argv[k] === '--baseline') {
      baseline = argv[++k];
      if (!baseline || baseline.startsWith('--')) throw new Error('--baseline needs a checkout directory');
      baseline = path.resolve(baseline);
    } else rest.push(argv[k]);
  }
  return { rest, scale, profile, profilePosts, baseline, rounds, verbose };
}

/**
 * The order the targets run in within a round (the report lists them in the order they are declared): the targets
 * a ratio compares run next to each other (or next but one), so that a burst of other work on the shared machine,
 * which lasts seconds, falls on both: this side beside the baseline's (feed through the gateway, direct, in front
 * of the raw server), via the gateway beside direct, the minimal proxy's feed and page 1000 near page 1.
 */
const RUN_ORDER = [
  'direct-uncached',
  'raw',
  'proxy-raw',
  'undici-proxy-raw',
  'baseline-raw',
  'gateway-raw',
  'gateway-deep',
  'baseline',
  'gateway',
  'direct',
  'baseline-direct',
  'undici-proxy-feed',
];

function inRunOrder(targets: Target[]): Target[] {
  const rank = (target: Target) => {
    const at = RUN_ORDER.indexOf(target.key);
    if (at < 0) throw new Error(`${target.key} has no place in RUN_ORDER`);
    return at;
  };
  return [...targets].sort((a, b) => rank(a) - rank(b));
}

/** `--verbose`: each timed run as it ends (requests per second and CPU per request of each part). */
function printRun(target: Target, run: Run): void {
  const cpu = Object.entries(run.cpuMsPerRequest)
    .map(([part, msPerRequest]) => `${part} ${msPerRequest.toFixed(3)}`)
    .join(', ');
  console.log(`\n  ${target.key}: ${formatRate(run.requestsPerSecond)} req/s; CPU ms/req ${cpu}`);
}

interface FeedAnswer {
  posts: { _id: string }[];
}

async function firstPage(url: string, headers: Record<string, string>, limit: number) {
  const response = await fetch(url, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${body.toString().slice(0, 300)}`);
  const posts = (JSON.parse(body.toString('utf8')) as FeedAnswer).posts;
  if (posts.length !== limit) throw new Error(`${url}: ${posts.length} posts, expected ${limit}`);
  return { body, contentType: response.headers.get('content-type') ?? 'application/json', posts };
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const own = ownArgs(argv);
  const args = parseRunArgs(own.rest, __dirname, own.scale ? 'api-scale' : 'api');
  if (own.scale && !own.rest.includes('--out') && !args.quick)
    args.out = path.join(__dirname, 'RESULTS-scale.md');
  const config = args.quick ? QUICK : FULL;
  const environment = announce('API benchmark', 'bench/api/run.ts', argv, args.quick);
  const started = performance.now();
  // The parts load the workspace packages from their builds (as `npm start` does): bring them up to date.
  execFileSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'packages/service-kit'],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  const profileDir = own.profile ? mkdtempSync(path.join(tmpdir(), 'api-bench-profile-')) : undefined;
  const postsProfileDir = own.profilePosts
    ? mkdtempSync(path.join(tmpdir(), 'api-bench-posts-profile-'))
    : undefined;
  const dataSets = [config.posts, ...(own.scale ? config.scalePosts : [])];
  const stack = await step(`starting the parts, seeding ${dataSets.map(formatCount).join(' + ')} posts`, () =>
    startApiStack({
      config,
      dataSets,
      baselineRoot: own.baseline,
      gatewayNodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
      postsNodeArgs: postsProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${postsProfileDir}`] : [],
      onSeeded: (posts, seconds) =>
        process.stdout.write(`${formatCount(posts)} in ${seconds.toFixed(0)} s … `),
    }),
  );
  const checks: Check[] = [];
  let measured: Measured;
  try {
    const limit = config.pageSize;
    const main = stack.posts[0];
    const feed = `/api/posts?limit=${limit}`;
    const deep = `/api/posts?page=${config.deepPage}&limit=${limit}`;
    const direct = await firstPage(`${main.process.url}${feed}`, stack.directHeaders, limit);
    const viaGateway = await firstPage(`${stack.gateway.url}${feed}`, stack.gatewayHeaders, limit);
    checks.push({
      check: 'the gateway answers the same first page',
      ok: viaGateway.body.equals(direct.body),
      detail: `${viaGateway.body.length} bytes via the gateway, ${direct.body.length} direct`,
    });
    const uncached = await firstPage(`${stack.uncachedPosts.url}${feed}`, stack.directHeaders, limit);
    checks.push({
      check: 'the posts service answers the same first page with its feed cache off',
      ok: uncached.body.equals(direct.body),
      detail: `${uncached.body.length} bytes with the cache off, ${direct.body.length} on`,
    });
    await firstPage(`${stack.gateway.url}${deep}`, stack.gatewayHeaders, limit);
    const raw = stack.raw;
    checks.push({
      check: 'the raw server answers the bytes the posts service sent',
      ok: stack.firstPage.body.equals(direct.body),
      detail: `${stack.firstPage.body.length} and ${direct.body.length} bytes`,
    });
    const database = { name: 'database' as const, process: stack.database };
    const targets: Target[] = [
      {
        key: 'gateway',
        label: `feed ?limit=${limit} via the gateway`,
        url: `${stack.gateway.url}${feed}`,
        headers: stack.gatewayHeaders,
        parts: [stack.gateway, main.process, database],
      },
      {
        key: 'direct',
        label: `feed ?limit=${limit} direct to posts`,
        url: `${main.process.url}${feed}`,
        headers: stack.directHeaders,
        parts: [main.process, database],
      },
      {
        key: 'direct-uncached',
        label: `feed ?limit=${limit} direct to posts, its feed cache off`,
        url: `${stack.uncachedPosts.url}${feed}`,
        headers: stack.directHeaders,
        parts: [stack.uncachedPosts, database],
      },
      {
        key: 'raw',
        label: `raw Node server, the same ${formatCount(direct.body.length)} bytes`,
        url: `${raw.url}${feed}`,
        headers: {},
        parts: [raw],
      },
      {
        key: 'gateway-raw',
        label: 'the gateway in front of the raw server (its users route)',
        url: `${stack.gateway.url}/api/users/raw`,
        headers: stack.gatewayHeaders,
        parts: [stack.gateway, raw],
      },
      {
        key: 'proxy-raw',
        label: 'a minimal Node proxy in front of the raw server (the floor)',
        url: `${stack.minimalProxy.url}/api/users/raw`,
        headers: stack.gatewayHeaders,
        parts: [stack.minimalProxy, raw],
      },
      {
        key: 'undici-proxy-raw',
        label: 'a minimal undici proxy in front of the raw server (the floor with undici)',
        url: `${stack.minimalUndiciProxy.url}/api/users/raw`,
        headers: stack.gatewayHeaders,
        parts: [stack.minimalUndiciProxy, raw],
      },
      {
        key: 'undici-proxy-feed',
        label: `feed ?limit=${limit} via a minimal undici proxy (no gateway work: the ceiling of via ÷ direct)`,
        url: `${stack.feedUndiciProxy.url}${feed}`,
        headers: stack.directHeaders,
        parts: [stack.feedUndiciProxy, main.process, database],
      },
      {
        key: 'gateway-deep',
        label: `feed ?page=${config.deepPage}&limit=${limit} via the gateway`,
        url: `${stack.gateway.url}${deep}`,
        headers: stack.gatewayHeaders,
        parts: [stack.gateway, main.process, database],
      },
    ];
    if (stack.baselineGateway && stack.baselinePosts) {
      await firstPage(`${stack.baselineGateway.url}${feed}`, stack.gatewayHeaders, limit);
      targets.push({
        key: 'baseline',
        label: `feed ?limit=${limit} via the baseline gateway and posts (${own.baseline})`,
        url: `${stack.baselineGateway.url}${feed}`,
        headers: stack.gatewayHeaders,
        parts: [stack.baselineGateway, stack.baselinePosts, database],
      });
      targets.push({
        key: 'baseline-direct',
        label: `feed ?limit=${limit} direct to the baseline posts (${own.baseline})`,
        url: `${stack.baselinePosts.url}${feed}`,
        headers: stack.directHeaders,
        parts: [stack.baselinePosts, database],
      });
      targets.push({
        key: 'baseline-raw',
        label: `the baseline gateway in front of the raw server (${own.baseline})`,
        url: `${stack.baselineGateway.url}/api/users/raw`,
        headers: stack.gatewayHeaders,
        parts: [stack.baselineGateway, raw],
      });
    }
    const options = {
      rounds: own.rounds ?? config.rounds,
      seconds: config.runSeconds,
      warmupSeconds: config.warmupSeconds,
      settleSeconds: config.settleSeconds,
      connections: config.connections,
    };
    const runs = await step(`${options.rounds} rounds of ${targets.length} targets`, () =>
      alternate(inRunOrder(targets), options, own.verbose ? printRun : undefined),
    );
    const idle = await step(`idle for ${config.idleSeconds} s`, () =>
      idleCpu(
        [
          stack.gateway,
          main.process,
          stack.uncachedPosts,
          database,
          ...(stack.baselineGateway ? [stack.baselineGateway] : []),
        ],
        config.idleSeconds,
      ),
    );
    measured = { config, targets, runs, idle };
    for (const target of targets) {
      const failed = failuresOf(runs.get(target.key) ?? []);
      checks.push({ check: `${target.label}: every answer 2xx`, ok: failed === '', detail: failed });
    }
    if (own.scale) {
      const scaleTargets: Target[] = stack.posts.slice(1).map((part) => ({
        key: `posts-${part.posts}`,
        label: `feed ?limit=${limit} direct to posts over ${formatCount(part.posts)} posts`,
        url: `${part.process.url}${feed}`,
        headers: stack.directHeaders,
        parts: [part.process, database],
      }));
      for (const target of scaleTargets) await firstPage(target.url, stack.directHeaders, limit);
      const scaleRuns = await step(`scale: ${config.rounds} rounds of ${scaleTargets.length} targets`, () =>
        alternate(scaleTargets, options),
      );
      measured.scale = { targets: scaleTargets, runs: scaleRuns };
      for (const target of scaleTargets) {
        const failed = failuresOf(scaleRuns.get(target.key) ?? []);
        checks.push({ check: `${target.label}: every answer 2xx`, ok: failed === '', detail: failed });
      }
    }
  } finally {
    await stack.stop();
  }
  if (profileDir) {
    measured.gatewayProfile = summarizeProfile(profileIn(profileDir));
    rmSync(profileDir, { recursive: true, force: true });
  }
  if (postsProfileDir) {
    measured.postsProfile = summarizeProfile(profileIn(postsProfileDir));
    rmSync(postsProfileDir, { recursive: true, force: true });
  }
  const tables = [
    goalsTable(measured),
    targetsTable('Targets (medians over the rounds)', measured.targets, measured.runs),
    roundsTable('Requests per second, round by round', measured.targets, measured.runs),
    idleTable(measured),
    ...(measured.scale
      ? [
          targetsTable(
            'Scale: the first page over each data set',
            measured.scale.targets,
            measured.scale.runs,
          ),
          roundsTable(
            'Scale: requests per second, round by round',
            measured.scale.targets,
            measured.scale.runs,
          ),
        ]
      : []),
    ...(measured.gatewayProfile ? profileTables('Gateway', measured.gatewayProfile) : []),
    ...(measured.postsProfile ? profileTables('Posts', measured.postsProfile) : []),
  ];
  const notes: string[] = [];
  if (measured.gatewayProfile || measured.postsProfile)
    notes.push(
      'With --profile-gateway / --profile-posts that process runs under the V8 profiler, which costs it CPU of ' +
        'its own: its CPU figures and ratios of that run are worse than without.',
    );
  return finish(
    {
      title: 'API benchmark (issue 17)',
      generator: 'bench/api/run.ts',
      environment,
      quick: config.quick,
      totalSeconds: (performance.now() - started) / 1000,
      details: [
        `Posts: ${formatCount(config.posts)} (first page ${config.pageSize} posts; the deep page is page ${config.deepPage})` +
          (own.scale ? `; scale data sets ${config.scalePosts.map(formatCount).join(' and ')}` : ''),
        `Load: autocannon, ${config.connections} connections, ${own.rounds ?? config.rounds} rounds of ${config.runSeconds} s per target (after a ${config.warmupSeconds} s warm-up each; each timed run just after a ${config.settleSeconds} s settle run of its target)`,
        ...(own.baseline ? [`Baseline gateway and posts service: ${own.baseline}`] : []),
      ],
      method: METHOD,
      tables,
      notes,
    },
    args.out,
    checks,
  );
}

runMain(main);
