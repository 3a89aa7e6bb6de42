import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadBaseConfig, localSecrets, SECRETS_FILE } from '../src';

const run = promisify(execFile);
const dirs: string[] = [];
const freshDir = (): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'devcircle-secrets-'));
  dirs.push(dir);
  return path.join(dir, 'data'); // not there yet: the first start creates it
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

test('without configured secrets, strong random ones are generated once and kept owner-only in the data directory', () => {
  const dataDir = freshDir();
  const first = loadBaseConfig({ DATA_DIR: dataDir });
  const file = path.join(dataDir, SECRETS_FILE);
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  expect(Buffer.byteLength(first.jwtSecret)).toBeGreaterThanOrEqual(32);
  expect(first.internalSecret).not.toBe(first.jwtSecret);
  // A restart (or another process on the same data directory) signs with the same ones.
  const again = loadBaseConfig({ DATA_DIR: dataDir });
  expect([again.jwtSecret, again.internalSecret]).toEqual([first.jwtSecret, first.internalSecret]);
  // Another install knows nothing of them.
  expect(loadBaseConfig({ DATA_DIR: freshDir() }).jwtSecret).not.toBe(first.jwtSecret);
  // A configured secret still wins.
  expect(loadBaseConfig({ DATA_DIR: dataDir, JWT_SECRET: 'mine' }).jwtSecret).toBe('mine');
});

test('processes starting at the same moment on a new data directory all end up with the same secrets', async () => {
  const dataDir = freshDir();
  const script = `process.stdout.write(require(${JSON.stringify(require.resolve('../src/secrets'))}).localSecrets(${JSON.stringify(dataDir)}).jwtSecret)`;
  const outputs = await Promise.all(
    Array.from({ length: 4 }, () => run(process.execPath, ['--import', 'tsx', '-e', script])),
  );
  const secrets = new Set(outputs.map((output) => output.stdout));
  expect(secrets.size).toBe(1);
  expect([...secrets][0]).toBe(localSecrets(dataDir).jwtSecret);
  expect(fs.readdirSync(dataDir)).toEqual([SECRETS_FILE]);
});

test('production refuses missing, short and published secrets, naming the variable', () => {
  const strong = 'k'.repeat(20) + 'Q7vX2mN9pL4sR8tY1wZ';
  const production = (env: NodeJS.ProcessEnv) => () =>
    loadBaseConfig({ NODE_ENV: 'production', JWT_SECRET: strong, INTERNAL_SECRET: strong, ...env });
  expect(production({ JWT_SECRET: '' })).toThrow('JWT_SECRET must be set when NODE_ENV=production');
  expect(production({ JWT_SECRET: 'a' })).toThrow(
    'JWT_SECRET is 1 bytes long; it must have at least 32 (NODE_ENV=production)',
  );
  expect(production({ INTERNAL_SECRET: 'devcircle-development-internal-secret-change-me' })).toThrow(
    'INTERNAL_SECRET is a published default (NODE_ENV=production)',
  );
  expect(production({})().jwtSecret).toBe(strong);
});

test('a damaged secrets file stops the start with what to do, rather than signing with something weak', () => {
  const dataDir = freshDir();
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(
    path.join(dataDir, SECRETS_FILE),
    JSON.stringify({ jwtSecret: 'short', internalSecret: 'x' }),
  );
  expect(() => loadBaseConfig({ DATA_DIR: dataDir })).toThrow('remove it to generate new ones');
});
