import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { call, DEFAULT_PASSWORD, signUp } from '@devcircle/service-test-kit';
import { HEALTHCHECK_SCRIPT, PROCESS_PARTS, type ProcessPart } from '../deploy/parts';
import { createProductionInstall } from '../deploy/production-install';
import { freePortBlock } from './support/port-block';

/**
 * The production install runs: made from this checkout's build (CI's typecheck step builds it with `tsc -b`)
 * with `npm ci --omit=dev`, every part is started with plain `node` from it, as production starts them
 * (NODE_ENV=production, secrets from the environment), and a member's first steps go through the gateway.
 * Fixed ports, as a deployment has fixed ports, in a block of this test's range below Linux's ephemeral range
 * (support/port-block.ts): every other test's `listen(0)` and outgoing connection take theirs from that range, and
 * one of them once took a port of this test's (44004, on a fresh CI machine). The block is the first one free from
 * PRODUCTION_INSTALL_PORT_BASE (by default a block picked by the process id), so two runs on one machine do not
 * clash.
 */
const ROOT = path.resolve(__dirname, '../..');
/** Each part's port within the block; `nothing` is probed free and left so, for the health check's failing case. */
const PORT_OFFSETS = {
  database: 17,
  auth: 1,
  posts: 2,
  users: 3,
  notifications: 4,
  gateway: 80,
  nothing: 99,
} as const satisfies Record<ProcessPart['name'] | 'nothing', number>;
let ports: Record<keyof typeof PORT_OFFSETS, number>;
let gateway: string;

interface Running {
  part: ProcessPart;
  child: ChildProcess;
  /** The exit code, once the process has ended (null when a signal ended it). */
  exited: Promise<number | null>;
  output: string[];
}

let work: string;
let install: string;
let dataDir: string;
const running: Running[] = [];

function start(part: ProcessPart, env: NodeJS.ProcessEnv): Running {
  const args =
    part.name === 'database' ? ['--port', String(ports.database), '--dbpath', path.join(dataDir, 'db')] : [];
  const child = spawn(process.execPath, [...part.nodeFlags, part.entry, ...args], {
    cwd: install,
    env: { ...env, ...part.env },
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { part, child, exited, output };
}

/** Waits until the gateway's `/status` says every service has a ready instance; throws with the logs if one died. */
async function whenReady(): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const dead = running.find((entry) => entry.child.exitCode !== null);
    if (dead) throw new Error(`${dead.part.name} exited ${dead.child.exitCode}:\n${dead.output.join('')}`);
    const answer = await fetch(`${gateway}/status`).catch(() => undefined);
    if (answer?.status === 200) return;
    if (Date.now() > deadline)
      throw new Error(`not ready: ${answer ? await answer.text() : 'the gateway does not answer'}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'devcircle-production-'));
  install = path.join(work, 'app');
  dataDir = path.join(work, 'data');
  createProductionInstall({ root: ROOT, out: install, web: 'if-built', stdio: 'pipe' });
  // Probed once the install is made, just before the parts start: the shortest time for another run to take them.
  const from = process.env.PRODUCTION_INSTALL_PORT_BASE;
  const base = await freePortBlock(Object.values(PORT_OFFSETS), from ? Number(from) : undefined);
  ports = Object.fromEntries(
    Object.entries(PORT_OFFSETS).map(([name, offset]) => [name, base + offset]),
  ) as typeof ports;
  gateway = `http://127.0.0.1:${ports.gateway}`;
  // Only what production sets: no NODE_OPTIONS, no Jest environment, no loader.
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(48).toString('base64url'),
    INTERNAL_SECRET: randomBytes(48).toString('base64url'),
    MONGODB_URI: `mongodb://127.0.0.1:${ports.database}/devcircle?replicaSet=rs0`,
    DATA_DIR: dataDir,
    PORT: String(ports.gateway),
    AUTH_PORT: String(ports.auth),
    POSTS_PORT: String(ports.posts),
    USERS_PORT: String(ports.users),
    NOTIFICATIONS_PORT: String(ports.notifications),
    PUBLIC_URL: gateway,
    BCRYPT_COST: '10',
    LOG_LEVEL: 'warn',
  };
  for (const part of PROCESS_PARTS) running.push(start(part, env));
  await whenReady();
}, 240_000);

afterAll(async () => {
  for (const { child } of running) if (child.exitCode === null) child.kill('SIGKILL');
  await Promise.all(running.map((entry) => entry.exited));
  fs.rmSync(work, { recursive: true, force: true });
});

test('the install holds production dependencies only, and each part runs from it with plain node', () => {
  const modules = path.join(install, 'node_modules');
  for (const tool of ['typescript', 'tsx', 'concurrently', 'jest', 'webpack', 'react'])
    expect(fs.existsSync(path.join(modules, tool))).toBe(false);
  for (const dependency of ['koa', 'mongodb', 'bson', 'socket.io', 'pino'])
    expect(fs.existsSync(path.join(modules, dependency))).toBe(true);
  // Started with `node <entry>` and no loader (start() above): every one is still running.
  expect(running.map(({ part, child }) => [part.name, child.exitCode])).toEqual(
    PROCESS_PARTS.map((part) => [part.name, null]),
  );
});

test("every image's command and health check run files of the production install", () => {
  const dockerfile = fs.readFileSync(path.join(ROOT, 'deploy/docker/Dockerfile'), 'utf8');
  const stages = new Map(
    dockerfile.split(/^FROM /m).map((stage) => [/^\S+ AS (\S+)/.exec(stage)?.[1] ?? '', stage] as const),
  );
  for (const part of PROCESS_PARTS) {
    const stage = stages.get(part.name) ?? '';
    // The exec form: ["node", ...node's flags, "<entry>", ...the part's flags].
    const command = /^(?:CMD|ENTRYPOINT) (\[.*\])$/m.exec(stage)?.[1];
    const [program, ...rest] = JSON.parse(command ?? '[]') as string[];
    const started = [program, ...rest.slice(0, part.nodeFlags.length + 1)];
    expect([part.name, ...started]).toEqual([part.name, 'node', ...part.nodeFlags, part.entry]);
    // The part's own environment, as `ENV NAME=value` lines of its stage.
    for (const [name, value] of Object.entries(part.env))
      expect([part.name, stage]).toEqual([
        part.name,
        expect.stringMatching(new RegExp(`^ENV (?:.* )?${name}=${value}\\b`, 'm')),
      ]);
    expect([part.entry, fs.existsSync(path.join(install, part.entry))]).toEqual([part.entry, true]);
    // Its install stage makes that part's install; its health check runs the script the install holds.
    expect(stages.get(`install-${part.name}`)).toContain(`--part ${part.name} `);
    expect(stage).toMatch(/^HEALTHCHECK [\s\S]*\bnode[", ]+healthcheck\.js\b/m);
  }
  // The health check answers for what runs, and fails for what does not (nothing listens on `ports.nothing`).
  const check = (url: string): number | null =>
    spawnSync(process.execPath, [HEALTHCHECK_SCRIPT, url], { cwd: install }).status;
  expect([
    check(`${gateway}/health`),
    check(`tcp://127.0.0.1:${ports.database}`),
    check(`http://127.0.0.1:${ports.nothing}/health`),
  ]).toEqual([0, 0, 1]);
});

test('a member registers, signs in, posts and sees the post in the feed, through the gateway', async () => {
  const email = 'ada@example.com';
  const signedUp = await signUp(gateway, path.join(dataDir, 'outbox'), { username: 'ada', email });
  expect(signedUp.user.username).toBe('ada');

  const login = await call<{ token: string }>(gateway, 'POST', '/api/auth/login', {
    email,
    password: DEFAULT_PASSWORD,
  });
  expect(login.status).toBe(200);
  const auth = { authorization: `Bearer ${login.body.token}` };

  const created = await call<{ _id: string }>(
    gateway,
    'POST',
    '/api/posts',
    { content: 'Shipped from a production install' },
    auth,
  );
  expect(created.status).toBe(201);
  const feed = await call<{ posts: Array<{ _id: string; content: string }> }>(
    gateway,
    'GET',
    '/api/posts',
    undefined,
    auth,
  );
  expect(feed.status).toBe(200);
  expect(feed.body.posts.map((post) => [post._id, post.content])).toContainEqual([
    created.body._id,
    'Shipped from a production install',
  ]);
});

test('every part stops cleanly on SIGTERM', async () => {
  // The gateway and the services first (they finish their requests), the database last.
  for (const entry of [...running].reverse()) {
    entry.child.kill('SIGTERM');
    expect([entry.part.name, await entry.exited]).toEqual([entry.part.name, 0]);
  }
});
