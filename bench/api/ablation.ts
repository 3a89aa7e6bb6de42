/**
 * Where the gateway's CPU per proxied read goes, by ablation (issue 17): `npm run bench:api:ablation [-- --quick]
 * [--rounds N] [--seconds S] [--connections C] [--only piece,piece] [--out file]`. The real gateway (its fast path for reads) in
 * front of a raw Node server, once with all its work and once with each piece of it turned off
 * (api-gateway/src/ablation.ts), each variant a process of its own, beside the minimal undici proxy and a second
 * full gateway (the A/A check: how far two identical sides drift). autocannon loads every target at once, each on
 * a few connections (`--connections`), round after round; each variant's CPU per request is read from /proc and compared
 * with the full gateway's of the same round. A profile's self time misses what a piece costs elsewhere
 * (garbage collection, promises, slower objects); its absence does not. Not a test: never run by Jest.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import jwt from 'jsonwebtoken';
import { ABLATABLE } from '../../api-gateway/src/ablation';
import { ServerProcess } from '../embedded-mongo/server-process';
import { announce, finish, parseRunArgs, runMain, step } from '../shared/runner';
import { median } from '../shared/stats';
import { left, right, type Table } from '../shared/table';
import autocannon from 'autocannon';
import { PartProcess } from './processes';

const HOST = 'http://127.0.0.1';
/** Ports from API_ABLATION_PORT_BASE (below 32768, see README): raw server, minimal proxy, then the gateways. */
const BASE = Number(process.env.API_ABLATION_PORT_BASE ?? 24010);
const JWT_SECRET = 'ablation-bench-jwt-secret';
const READER = { userId: '65f000000000000000000001', username: 'apireader', email: 'apireader@example.com' };
/** About the size of the feed's first page (5,115 bytes in bench:api), as JSON. */
const BODY_BYTES = 5_100;

/**
 * Connections to each target (one request in flight on each) unless `--connections` says otherwise: bench:api's
 * 16 when the targets take turns; 2 with `--together`, where all are loaded at once and a request then mostly
 * wakes its gateway alone (as a feed page does).
 */
const DEFAULT_CONNECTIONS = { turns: 16, together: 2 };

/** A gateway variant: the pieces it turns off (none: the full gateway). */
interface Variant {
  key: string;
  label: string;
  ablate: string[];
}

/** The pieces turned off one at a time (and all together); `fastPath` is a variant of its own. */
const PIECES = ABLATABLE.filter((piece) => piece !== 'fastPath');

const FULL: Variant = { key: 'full', label: 'full fast path', ablate: [] };
const VARIANTS: Variant[] = [
  FULL,
  { key: 'full-again', label: 'full fast path, a second process (A/A)', ablate: [] },
  ...PIECES.map((piece) => ({ key: piece, label: `without ${piece}`, ablate: [piece] })),
  { key: 'all-off', label: 'without all of them', ablate: [...PIECES] },
  {
    key: 'fastPath',
    label: 'without the fast path’s code (the process forwards as the minimal proxy)',
    ablate: ['fastPath'],
  },
];

function ownArgs(argv: string[]) {
  const rest: string[] = [];
  let rounds: number | undefined;
  let seconds: number | undefined;
  let only: string[] | undefined;
  let connections: number | undefined;
  let together = false;
  for (let k = 0; k < argv.length; k++) {
    const value = (): string => {
      const next = argv[++k];
      if (next === undefined || next.startsWith('--')) throw new Error(`${argv[k - 1]} needs a value`);
      return next;
    };
    if (argv[k] === '--rounds') rounds = Number(value());
    else if (argv[k] === '--seconds') seconds = Number(value());
    else if (argv[k] === '--only') only = value().split(',');
    else if (argv[k] === '--connections') connections = Number(value());
    else if (argv[k] === '--together') together = true;
    else rest.push(argv[k]);
  }
  if (rounds !== undefined && !(Number.isInteger(rounds) && rounds > 0))
    throw new Error('--rounds: a positive integer');
  if (seconds !== undefined && !(Number.isInteger(seconds) && seconds > 0))
    throw new Error('--seconds: a positive integer');
  if (connections !== undefined && !(Number.isInteger(connections) && connections > 0))
    throw new Error('--connections: a positive integer');
  for (const name of only ?? [])
    if (!VARIANTS.some((variant) => variant.key === name))
      throw new Error(
        `--only: unknown variant ${name} (${VARIANTS.map((variant) => variant.key).join(', ')})`,
      );
  return { rest, rounds, seconds, only, connections, together };
}

/** A JSON body of about the feed page's size. */
function feedLikeBody(): Buffer {
  const posts = [];
  for (let k = 0; JSON.stringify({ posts }).length < BODY_BYTES; k++)
    posts.push({ _id: `65f1${String(k).padStart(20, '0')}`, content: 'x'.repeat(400), likes: k });
  return Buffer.from(JSON.stringify({ posts, pagination: { current: 1, pages: 1000 } }));
}

const uptime = (): string =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(', ');

/** One thing to load: a gateway variant or the minimal proxy, and its process (whose CPU is read). */
interface Target {
  key: string;
  label: string;
  url: string;
  part: PartProcess;
}

interface Run {
  requestsPerSecond: number;
  /** The target process's CPU (utime + stime from /proc) per 2xx answer. */
  cpuMsPerRequest: number;
  /** Answers that were not 2xx, and connection errors. */
  failed: number;
}

/** One timed run of a target: `connections` keep-alive connections, one request in flight on each. */
async function runOnce(
  target: Target,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
) {
  const before = target.part.cpuSeconds();
  const result = await autocannon({ url: target.url, headers, connections, duration: seconds });
  const cpuSeconds = target.part.cpuSeconds() - before;
  const answered = result['2xx'];
  const run: Run = {
    requestsPerSecond: answered / result.duration,
    cpuMsPerRequest: (cpuSeconds * 1000) / Math.max(1, answered),
    failed: result.non2xx + result.errors,
  };
  return run;
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const own = ownArgs(argv);
  const args = parseRunArgs(own.rest, __dirname, 'api-ablation');
  if (!own.rest.includes('--out') && !args.quick) args.out = path.join(__dirname, 'RESULTS-ablation.md');
  const together = own.together;
  const rounds = own.rounds ?? (together ? (args.quick ? 8 : 20) : args.quick ? 4 : 8);
  const seconds = own.seconds ?? (args.quick ? 2 : 3);
  const connections = own.connections ?? DEFAULT_CONNECTIONS[together ? 'together' : 'turns'];
  const environment = announce('API ablation benchmark', 'bench/api/ablation.ts', argv, args.quick);
  const started = performance.now();
  const loadBefore = uptime();
  const variants = own.only
    ? VARIANTS.filter((variant) => variant.key === 'full' || own.only?.includes(variant.key))
    : VARIANTS;

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'devcircle-ablation-'));
  const parts: PartProcess[] = [];
  let database: ServerProcess | undefined;
  try {
    // The gateway counts rate limits and reads revocations in the database, as `npm start` runs it.
    database = await step('database', () =>
      ServerProcess.start({ dbpath: path.join(dataDir, 'db'), entry: 'cli' }),
    );
    const mongodbUri = database.uri.replace('/?', '/devcircle?');
    const bodyFile = path.join(dataDir, 'raw-body');
    await writeFile(bodyFile, feedLikeBody());
    const raw = await PartProcess.start({
      name: 'raw node server',
      entry: 'bench/api/raw-server.ts',
      env: { RAW_BODY_FILE: bodyFile, RAW_PORT: String(BASE) },
      url: `${HOST}:${BASE}`,
      readyPath: '/ready',
    });
    parts.push(raw);
    const proxy = await PartProcess.start({
      name: 'minimal undici proxy',
      entry: 'bench/api/minimal-undici-proxy.ts',
      env: { PROXY_TARGET: raw.url, PROXY_PORT: String(BASE + 1) },
      url: `${HOST}:${BASE + 1}`,
      readyPath: '/ready',
    });
    parts.push(proxy);
    const gateways = new Map<string, PartProcess>();
    await step(`${variants.length} gateways`, async () => {
      for (const [k, variant] of variants.entries()) {
        const port = BASE + 2 + k;
        const gateway = await PartProcess.start({
          name: variant.key,
          entry: 'bench/api/ablation-gateway.ts',
          env: {
            ABLATE: variant.ablate.join(','),
            PORT: String(port),
            JWT_SECRET,
            INTERNAL_SECRET: 'ablation-bench-internal-secret',
            LOG_LEVEL: 'info',
            MONGODB_URI: mongodbUri,
            // Every upstream is the raw server (it answers health checks too); reads go to the users route.
            POSTS_URLS: raw.url,
            AUTH_URLS: raw.url,
            USERS_URLS: raw.url,
            NOTIFICATIONS_URLS: raw.url,
            SERVE_STATIC: 'false',
          },
          url: `${HOST}:${port}`,
          readyPath: '/ready',
        });
        parts.push(gateway);
        gateways.set(variant.key, gateway);
      }
    });

    const token = jwt.sign({ ...READER, tv: 0 }, JWT_SECRET, {
      algorithm: 'HS256',
      issuer: 'devcircle',
      expiresIn: '2h',
    });
    const headers = { authorization: `Bearer ${token}` };
    const targets: Target[] = [
      ...variants.map((variant) => {
        const part = gateways.get(variant.key) as PartProcess;
        return { key: variant.key, label: variant.label, url: `${part.url}/api/users/raw`, part };
      }),
      {
        key: 'minimal-undici',
        label: 'minimal undici proxy',
        url: `${proxy.url}/api/users/raw`,
        part: proxy,
      },
    ];
    // Every gateway accepts the token once (the Koa path), and every target warms up, before anything is timed.
    for (const target of targets) await runOnce(target, headers, 1, connections);
    const runs = new Map<string, Run[]>(targets.map((target) => [target.key, []]));
    const show = (target: Target, run: Run): string =>
      `${target.key} ${(run.cpuMsPerRequest * 1000).toFixed(0)} µs ${run.requestsPerSecond.toFixed(0)}/s`;
    const how = together ? `${targets.length} targets at once` : `${targets.length} targets in turn`;
    await step(`${rounds} rounds of ${seconds} s, ${how}, ${connections} connections each`, async () => {
      for (let round = 0; round < rounds; round++) {
        let shown: string[];
        if (together) {
          // All at once: a burst of other work on the shared machine falls on every variant alike.
          const results = await Promise.all(
            targets.map((target) => runOnce(target, headers, seconds, connections)),
          );
          results.forEach((run, k) => runs.get(targets[k].key)?.push(run));
          shown = results.map((run, k) => show(targets[k], run));
        } else {
          // In turn, the order turning by one each round (as bench:api): the full gateway runs next to each.
          shown = [];
          for (let k = 0; k < targets.length; k++) {
            const target = targets[(k + round) % targets.length];
            const run = await runOnce(target, headers, seconds, connections);
            runs.get(target.key)?.push(run);
            shown.push(show(target, run));
          }
        }
        process.stdout.write(`\n  round ${round + 1}: ${shown.join(', ')}`);
      }
      process.stdout.write('\n');
    });
    const loadAfter = uptime();
    const failed = [...runs.values()].flat().reduce((sum, run) => sum + run.failed, 0);

    const full = runs.get('full') ?? [];
    const µs = (ms: number) => (ms * 1000).toFixed(1);
    const rows = targets.map((target) => {
      const own = runs.get(target.key) ?? [];
      const cpu = own.map((run) => run.cpuMsPerRequest);
      const deltas = own.map((run, r) => run.cpuMsPerRequest - full[r].cpuMsPerRequest);
      const ratios = own.map((run, r) => run.requestsPerSecond / full[r].requestsPerSecond);
      const isFull = target.key === 'full';
      return [
        target.label,
        µs(median(cpu)),
        isFull ? '' : `${µs(median(deltas))} (${µs(Math.min(...deltas))} … ${µs(Math.max(...deltas))})`,
        isFull ? '' : median(ratios).toFixed(2),
        median(own.map((run) => run.requestsPerSecond)).toFixed(0),
      ];
    });
    const table: Table = {
      title: 'CPU per request in front of the raw server, by variant (medians of the rounds)',
      columns: [
        left('variant'),
        right('µs CPU / request'),
        right('− full, same round (range)'),
        right('req/s ÷ full'),
        right('req/s'),
      ],
      rows,
    };
    return await finish(
      {
        title: 'API ablation benchmark: the gateway fast path, piece by piece',
        generator: 'bench/api/ablation.ts',
        environment,
        quick: args.quick,
        totalSeconds: (performance.now() - started) / 1000,
        details: [
          `Load average (1, 5, 15 min) before: ${loadBefore}; after: ${loadAfter}`,
          `${rounds} rounds of ${seconds} s, ${together ? 'every target at once' : 'the targets in turn'} on ` +
            `${connections} connections each, a ${feedLikeBody().length}-byte JSON answer`,
        ],
        method:
          'Each variant is the real gateway (bench/api/ablation-gateway.ts) with one piece of its fast path for ' +
          'reads turned off (api-gateway/src/ablation.ts), a process of its own in front of the raw server. The ' +
          (together
            ? 'targets are all loaded at once, each on its own few connections, so other work on the machine falls on ' +
              'every variant alike;'
            : 'targets take turns, the order turning by one each round;') +
          ' CPU per request is the process’s utime + stime from /proc over the round, divided by its 2xx ' +
          'answers. “− full” is the median over rounds of the ' +
          'variant’s CPU minus the full gateway’s of the same round: negative is what the piece costs. The second ' +
          'full gateway shows how far two identical sides drift.',
        tables: [table],
        notes: failed > 0 ? [`${failed} answers were not 2xx or failed`] : [],
      },
      args.out,
    );
  } finally {
    for (const part of parts.reverse()) await part.stop();
    await database?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

runMain(main);
