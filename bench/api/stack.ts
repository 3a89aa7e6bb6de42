import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encodeIdentity, IDENTITY_HEADER } from '@devcircle/service-kit';
import jwt from 'jsonwebtoken';
import { MongoClient } from 'mongodb';
import { ServerProcess } from '../embedded-mongo/server-process';
import { FULL as POSTS_BENCH } from '../posts/config';
import { seed, type Seeded } from '../posts/seed';
import type { ApiBenchConfig } from './config';
import { PartProcess } from './processes';

const JWT_SECRET = 'api-bench-jwt-secret';
const INTERNAL_SECRET = 'api-bench-internal-secret';
const HOST = 'http://127.0.0.1';
/**
 * Fixed ports of this benchmark (its range is 42000–42999, or from API_BENCH_PORT_BASE on): gateways, posts
 * services (one per data set, then the one with the feed cache off), the raw server.
 */
const BASE = Number(process.env.API_BENCH_PORT_BASE ?? 42010);
const PORTS = {
  gateway: BASE,
  baselineGateway: BASE + 1,
  posts: BASE + 2,
  uncachedPosts: BASE + 6,
  baselinePosts: BASE + 7,
  raw: BASE + 10,
  minimalProxy: BASE + 11,
  minimalUndiciProxy: BASE + 12,
  feedUndiciProxy: BASE + 8,
} as const;

/** The caller: the gateway checks this token; direct requests carry the identity the gateway would sign. */
const READER = { userId: '65f000000000000000000001', username: 'apireader', email: 'apireader@example.com' };

export interface PostsPart {
  posts: number;
  process: PartProcess;
  seeded: Seeded;
}

export interface ApiStack {
  database: ServerProcess;
  /** The posts services, one per data set (each its own database on the one server). */
  posts: PostsPart[];
  /** A posts service on the first data set with its feed cache off (`POSTS_FEED_CACHE=off`): before and after. */
  uncachedPosts: PartProcess;
  gateway: PartProcess;
  /** The gateway of another checkout (`--baseline <dir>`), in front of the first posts service. */
  baselineGateway?: PartProcess;
  /** The posts service of that checkout, on the same data, behind the baseline gateway: the whole read path before. */
  baselinePosts?: PartProcess;
  /** A raw Node server answering the feed's first page bytes (the gateway's users route leads to it too). */
  raw: PartProcess;
  /** The least a Node proxy does (bench/api/minimal-proxy.ts), in front of the raw server: the gateway's floor. */
  minimalProxy: PartProcess;
  /** The same on undici (bench/api/minimal-undici-proxy.ts): the floor with the gateway's client for reads. */
  minimalUndiciProxy: PartProcess;
  /** The same minimal undici proxy in front of the measured posts service: the least any proxy in Node adds. */
  feedUndiciProxy: PartProcess;
  /** The first page as the posts service sent it (what the raw server answers). */
  firstPage: { body: Buffer; contentType: string };
  /** What a browser sends through the gateway (a bearer token) and what the gateway sends on (identity). */
  gatewayHeaders: Record<string, string>;
  directHeaders: Record<string, string>;
  stop(): Promise<void>;
}

export interface StackOptions {
  config: ApiBenchConfig;
  /** Posts in each data set: one posts service each; the gateway fronts the first. */
  dataSets: number[];
  /** A checkout (e.g. a `git worktree`) whose `api-gateway` runs as the baseline gateway. */
  baselineRoot?: string;
  /** Node flags for the gateway (e.g. `--cpu-prof --cpu-prof-dir=…`). */
  gatewayNodeArgs?: string[];
  /** Node flags for the measured posts service (the first data set's, once seeded). */
  postsNodeArgs?: string[];
  /** Called as each data set is seeded (seeding a million posts takes minutes). */
  onSeeded?(posts: number, seconds: number): void;
}

/**
 * The parts of `npm start` that a feed request crosses, each in a process of its own: the embedded database (on
 * disk, its CLI), one posts service per data set, the gateway (logging at `info`, as `npm start` runs it, rate
 * limits counted in the database), a raw Node server answering the feed's first page bytes, and on request the
 * baseline gateway. Auth, users and notifications are not started: a feed read does not reach them. The gateway's
 * routes to them lead to the raw server instead (its health checks find every upstream ready), so the gateway's
 * own cost can be measured with an upstream that answers at once (its users route).
 */
export async function startApiStack(options: StackOptions): Promise<ApiStack> {
  const { config } = options;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'devcircle-api-bench-'));
  const database = await ServerProcess.start({ dbpath: path.join(dataDir, 'db'), entry: 'cli' });
  const parts: PartProcess[] = [];
  const uriOf = (name: string) => database.uri.replace('/?', `/${name}?`);
  const common = { JWT_SECRET, INTERNAL_SECRET, DATA_DIR: dataDir, LOG_LEVEL: 'info' };
  const stop = async () => {
    for (const part of parts.reverse()) await part.stop();
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const posts: PostsPart[] = [];
    for (const [k, count] of options.dataSets.entries()) {
      const port = PORTS.posts + k;
      const uri = uriOf(k === 0 ? 'devcircle' : `devcircle-${count}`);
      // The service first: it declares its indexes, so the seeded posts are indexed as they go in.
      const start = (nodeArgs?: string[]) =>
        PartProcess.start({
          nodeArgs,
          name: `posts (${count} posts)`,
          entry: 'services/posts/src/main.ts',
          env: { ...common, MONGODB_URI: uri, POSTS_PORT: String(port) },
          url: `${HOST}:${port}`,
          readyPath: '/ready',
        });
      const seeding = await start();
      const client = await new MongoClient(uri).connect();
      let seeded: Seeded;
      try {
        seeded = await seed(client.db(), {
          ...POSTS_BENCH,
          posts: count,
          authors: Math.min(config.authors, count),
          bigPostLikes: 0,
          bigPostComments: 0,
        });
        options.onSeeded?.(count, seeded.seconds);
      } finally {
        await client.close();
        await seeding.stop();
      }
      // Started again: the one that saw the seeding would still be reading its feed cache's change stream (an
      // event per post seeded) while measured.
      const part = await start(k === 0 ? options.postsNodeArgs : undefined);
      parts.push(part);
      posts.push({ posts: count, process: part, seeded });
    }

    const uncachedPosts = await PartProcess.start({
      name: 'posts, cache off',
      entry: 'services/posts/src/main.ts',
      env: {
        ...common,
        MONGODB_URI: uriOf('devcircle'),
        POSTS_PORT: String(PORTS.uncachedPosts),
        POSTS_FEED_CACHE: 'off',
      },
      url: `${HOST}:${PORTS.uncachedPosts}`,
      readyPath: '/ready',
    });
    parts.push(uncachedPosts);

    const identity = { id: READER.userId, username: READER.username, email: READER.email };
    const directHeaders = { [IDENTITY_HEADER]: encodeIdentity(identity, INTERNAL_SECRET) };
    const response = await fetch(`${posts[0].process.url}/api/posts?limit=${config.pageSize}`, {
      headers: directHeaders,
    });
    const firstPage = {
      body: Buffer.from(await response.arrayBuffer()),
      contentType: response.headers.get('content-type') ?? 'application/json',
    };
    if (response.status !== 200)
      throw new Error(`first page: ${response.status} ${firstPage.body.toString()}`);
    const bodyFile = path.join(dataDir, 'raw-body');
    await writeFile(bodyFile, firstPage.body);
    const raw = await PartProcess.start({
      name: 'raw node server',
      entry: 'bench/api/raw-server.ts',
      env: { RAW_BODY_FILE: bodyFile, RAW_CONTENT_TYPE: firstPage.contentType, RAW_PORT: String(PORTS.raw) },
      url: `${HOST}:${PORTS.raw}`,
      readyPath: '/ready',
    });
    parts.push(raw);
    const minimalProxy = await PartProcess.start({
      name: 'minimal node proxy',
      entry: 'bench/api/minimal-proxy.ts',
      env: { PROXY_TARGET: raw.url, PROXY_PORT: String(PORTS.minimalProxy) },
      url: `${HOST}:${PORTS.minimalProxy}`,
      readyPath: '/ready',
    });
    parts.push(minimalProxy);
    const minimalUndiciProxy = await PartProcess.start({
      name: 'minimal undici proxy',
      entry: 'bench/api/minimal-undici-proxy.ts',
      env: { PROXY_TARGET: raw.url, PROXY_PORT: String(PORTS.minimalUndiciProxy) },
      url: `${HOST}:${PORTS.minimalUndiciProxy}`,
      readyPath: '/ready',
    });
    parts.push(minimalUndiciProxy);
    const feedUndiciProxy = await PartProcess.start({
      name: 'minimal undici proxy to posts',
      entry: 'bench/api/minimal-undici-proxy.ts',
      env: { PROXY_TARGET: posts[0].process.url, PROXY_PORT: String(PORTS.feedUndiciProxy) },
      url: `${HOST}:${PORTS.feedUndiciProxy}`,
      readyPath: '/ready',
    });
    parts.push(feedUndiciProxy);

    const gatewayEnv = (port: number, postsUrl = posts[0].process.url): NodeJS.ProcessEnv => ({
      ...common,
      PORT: String(port),
      MONGODB_URI: uriOf('devcircle'),
      POSTS_URLS: postsUrl,
      // Every upstream answers its health checks (a dead one would cost the gateway warnings and retries no
      // deployment pays): users, auth and notifications all lead to the raw server, which answers anything.
      AUTH_URLS: raw.url,
      USERS_URLS: raw.url,
      NOTIFICATIONS_URLS: raw.url,
      SERVE_STATIC: 'false',
    });
    const gateway = await PartProcess.start({
      name: 'gateway',
      entry: 'api-gateway/src/main.ts',
      env: gatewayEnv(PORTS.gateway),
      url: `${HOST}:${PORTS.gateway}`,
      readyPath: '/ready',
      nodeArgs: options.gatewayNodeArgs,
    });
    parts.push(gateway);
    let baselineGateway: PartProcess | undefined;
    let baselinePosts: PartProcess | undefined;
    if (options.baselineRoot) {
      baselinePosts = await PartProcess.start({
        name: 'baseline posts',
        entry: 'services/posts/src/main.ts',
        root: options.baselineRoot,
        env: { ...common, MONGODB_URI: uriOf('devcircle'), POSTS_PORT: String(PORTS.baselinePosts) },
        url: `${HOST}:${PORTS.baselinePosts}`,
        readyPath: '/ready',
      });
      parts.push(baselinePosts);
      baselineGateway = await PartProcess.start({
        name: 'baseline gateway',
        entry: 'api-gateway/src/main.ts',
        root: options.baselineRoot,
        env: gatewayEnv(PORTS.baselineGateway, baselinePosts.url),
        url: `${HOST}:${PORTS.baselineGateway}`,
        readyPath: '/ready',
      });
      parts.push(baselineGateway);
    }

    const token = jwt.sign({ ...READER, tv: 0 }, JWT_SECRET, {
      algorithm: 'HS256',
      issuer: 'devcircle',
      expiresIn: '2h',
    });
    return {
      database,
      posts,
      uncachedPosts,
      gateway,
      baselineGateway,
      baselinePosts,
      raw,
      minimalProxy,
      minimalUndiciProxy,
      feedUndiciProxy,
      firstPage,
      gatewayHeaders: { authorization: `Bearer ${token}` },
      directHeaders,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
