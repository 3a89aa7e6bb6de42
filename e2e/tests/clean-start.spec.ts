import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

// Runs in the 'clean-start' project: a second DevCircle started exactly as the README says (`npm start`, no
// settings but its own ports and data directory), so the start itself is what is tested.
const ROOT = path.resolve(__dirname, '../..');
const PORT = Number(process.env.E2E_CLEAN_START_PORT ?? 18900);
const URL = `http://localhost:${PORT}`;
const RUNNING = `DevCircle is running at ${URL}`;
/** The development secret the repository once shipped: anyone could read it, so it must sign nothing now. */
const PUBLISHED_SECRET = 'devcircle-development-jwt-secret-change-me';

/** An HS256 token as auth signs one (header, claims, HMAC-SHA256 of both), signed with `secret`. */
function signToken(claims: object, secret: string): string {
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ ...claims, iss: 'devcircle', iat: now, exp: now + 3600 })}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

let app: ChildProcess | undefined;
let dataDir: string;

test.afterAll(async () => {
  const started = app;
  if (started?.pid && started.exitCode === null) {
    const stopped = new Promise((resolve) => started.once('exit', resolve));
    process.kill(-started.pid, 'SIGTERM');
    await stopped;
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Resolves at the moment the start prints its "running" line; rejects if the start ends first. */
function running(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(RUNNING)) resolve();
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`npm start ended (${code}) before running:\n${output}`)));
  });
}

test('a member registers the moment "running" is printed and confirms the mailed link; the install signs with its own secret', async () => {
  // The first start on a fresh data directory; the builds are there (the suite runs after `npm run build:web`).
  test.setTimeout(240_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'devcircle-clean-start-'));
  app = spawn('npm', ['start'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      DB_PORT: String(PORT + 1),
      AUTH_PORT: String(PORT + 11),
      POSTS_PORT: String(PORT + 12),
      USERS_PORT: String(PORT + 13),
      NOTIFICATIONS_PORT: String(PORT + 14),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, so afterAll stops every part
  });
  await running(app);

  // No waiting: the line is the promise that everything answers.
  const announced = Date.now();
  const response = await fetch(`${URL}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'firstmember', email: 'first@example.com', password: 'secret123' }),
  });
  const elapsed = Date.now() - announced;
  test.info().annotations.push({ type: 'register after running', description: `${elapsed} ms` });
  expect(response.status).toBe(202);

  // Without SMTP the link is mailed to the install's outbox; opening it makes the account and signs in.
  const outbox = path.join(dataDir, 'outbox');
  let linkToken = '';
  await expect
    .poll(() => {
      const mails = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
      const text = mails.map((file) => fs.readFileSync(path.join(outbox, file), 'utf8')).join('\n');
      linkToken = /\/register\/confirm\?token=(?:3D)?([\w-]+)/.exec(text.replace(/=\r?\n/g, ''))?.[1] ?? '';
      return linkToken;
    })
    .not.toBe('');
  const confirmed = await fetch(`${URL}/api/auth/register/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: linkToken }),
  });
  expect(confirmed.status).toBe(201);
  const { token, user } = (await confirmed.json()) as { token: string; user: { id: string } };

  // The secrets were generated for this install and kept owner-only in its data directory.
  const secretsFile = path.join(dataDir, 'secrets.json');
  expect(fs.statSync(secretsFile).mode & 0o777).toBe(0o600);
  const { jwtSecret } = JSON.parse(fs.readFileSync(secretsFile, 'utf8')) as { jwtSecret: string };
  const [header, claims, signature] = token.split('.');
  expect(createHmac('sha256', jwtSecret).update(`${header}.${claims}`).digest('base64url')).toBe(signature);

  // A token forged with the once-published development secret is worth nothing.
  const identity = { userId: user.id, email: 'first@example.com', username: 'firstmember', tv: 0 };
  const forged = signToken(identity, PUBLISHED_SECRET);
  const me = await fetch(`${URL}/api/auth/me`, { headers: { authorization: `Bearer ${forged}` } });
  expect(me.status).toBe(401);
  // The same claims signed with this install's secret pass: the refusal above was the secret's doing.
  const genuine = await fetch(`${URL}/api/auth/me`, {
    headers: { authorization: `Bearer ${signToken(identity, jwtSecret)}` },
  });
  expect(genuine.status).toBe(200);
});
