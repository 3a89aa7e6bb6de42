import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { parseArgs } from '../src/cli';

const REPO_ROOT = path.join(__dirname, '..', '..', '..');

describe('flags', () => {
  const dataDir = process.env.DATA_DIR;
  afterEach(() => {
    if (dataDir === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = dataDir;
  });

  test('defaults match the README: port 27018, ./data/db, 127.0.0.1, replica set rs0, oplog 24 h / 64 MB, heap 50 % then 10 % from 256 MiB', () => {
    delete process.env.DATA_DIR;
    expect(parseArgs([], {})).toEqual({
      port: 27018,
      dbpath: path.join('data', 'db'),
      host: '127.0.0.1',
      replSet: 'rs0',
      oplogHours: 24,
      oplogMB: 64,
      heapGrowingPercent: 10,
      heapTightAboveMB: 256,
      heapSmallGrowingPercent: 50,
    });
  });

  test('the heap policy comes from the environment or from flags; 0 is allowed, fractions and words are not', () => {
    const env = { EMBEDDED_MONGO_HEAP_GROWING_PERCENT: '25', EMBEDDED_MONGO_HEAP_TIGHT_ABOVE_MB: '0' };
    expect(parseArgs([], env)).toMatchObject({ heapGrowingPercent: 25, heapTightAboveMB: 0 });
    expect(parseArgs(['--heapGrowingPercent', '0', '--heapTightAboveMB=64'], env)).toMatchObject({
      heapGrowingPercent: 0,
      heapTightAboveMB: 64,
    });
    expect(
      parseArgs(['--heapSmallGrowingPercent', '0'], { EMBEDDED_MONGO_HEAP_SMALL_GROWING_PERCENT: '100' }),
    ).toMatchObject({ heapSmallGrowingPercent: 0 });
    expect(parseArgs([], { EMBEDDED_MONGO_HEAP_SMALL_GROWING_PERCENT: '100' })).toMatchObject({
      heapSmallGrowingPercent: 100,
    });
    expect(() => parseArgs(['--heapGrowingPercent', '-1'])).toThrow('invalid --heapGrowingPercent -1');
    expect(() => parseArgs(['--heapTightAboveMB', '1.5'])).toThrow('invalid --heapTightAboveMB 1.5');
    expect(() => parseArgs([], { EMBEDDED_MONGO_HEAP_GROWING_PERCENT: 'ten' })).toThrow(
      'invalid EMBEDDED_MONGO_HEAP_GROWING_PERCENT ten',
    );
  });

  test('the replica set name and the oplog window come from the environment or from flags', () => {
    const env = { DB_REPLICA_SET: 'devset', EMBEDDED_MONGO_OPLOG_HOURS: '2', EMBEDDED_MONGO_OPLOG_MB: '64' };
    expect(parseArgs([], env)).toMatchObject({ replSet: 'devset', oplogHours: 2, oplogMB: 64 });
    expect(
      parseArgs(['--replSet', 'other', '--oplogMinRetentionHours=0.5', '--oplogSize', '16'], env),
    ).toMatchObject({ replSet: 'other', oplogHours: 0.5, oplogMB: 16 });
    expect(parseArgs(['--bind_ip', '0.0.0.0', '--advertise', 'db.internal:27018'], env)).toMatchObject({
      host: '0.0.0.0',
      advertise: 'db.internal:27018',
    });
    expect(() => parseArgs(['--oplogSize', '0'])).toThrow('invalid --oplogSize 0');
    expect(() => parseArgs([], { EMBEDDED_MONGO_OPLOG_HOURS: '-2' })).toThrow(
      /invalid EMBEDDED_MONGO_OPLOG_HOURS -2\nusage:/,
    );
    expect(() => parseArgs([], { EMBEDDED_MONGO_OPLOG_MB: 'lots' })).toThrow(
      /invalid EMBEDDED_MONGO_OPLOG_MB lots\nusage:/,
    );
  });

  test('an environment variable set but empty leaves the default', () => {
    const empty = {
      EMBEDDED_MONGO_OPLOG_HOURS: '',
      EMBEDDED_MONGO_OPLOG_MB: '',
      EMBEDDED_MONGO_HEAP_GROWING_PERCENT: '',
      EMBEDDED_MONGO_HEAP_TIGHT_ABOVE_MB: '',
      EMBEDDED_MONGO_HEAP_SMALL_GROWING_PERCENT: '',
    };
    expect(parseArgs([], empty)).toEqual(parseArgs([], {}));
  });

  test('DATA_DIR moves the default data directory', () => {
    process.env.DATA_DIR = '/var/lib/devcircle';
    expect(parseArgs([]).dbpath).toBe('/var/lib/devcircle/db');
  });

  test('mongod-style flags, with a space or an equals sign', () => {
    expect(parseArgs(['--port', '29000', '--dbpath=/tmp/x', '--bind_ip', '0.0.0.0'])).toMatchObject({
      port: 29000,
      dbpath: '/tmp/x',
      host: '0.0.0.0',
    });
  });

  test('bad flags are refused with the usage line', () => {
    expect(() => parseArgs(['--port', 'abc'])).toThrow('invalid --port abc');
    expect(() => parseArgs(['--verbose', '1'])).toThrow(/unknown option --verbose\nusage:/);
    expect(() => parseArgs(['--dbpath'])).toThrow('--dbpath needs a value');
  });
});

test('`npm run db` starts a server the driver can use, and SIGTERM stops it cleanly', async () => {
  const dbpath = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-cli-'));
  const child = spawn('npm', ['run', '--silent', 'db', '--', '--port', '0', '--dbpath', dbpath], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    const uri = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`no ready line: ${out}`)), 30_000);
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const ready = /waiting for connections at (\S+)/.exec(out);
        if (ready) {
          clearTimeout(timer);
          resolve(ready[1]);
        }
      });
    });
    const client = new MongoClient(uri.replace('/?', '/devcircle?'));
    await client.connect();
    const notes = client.db().collection<{ _id: number; text: string }>('notes');
    await notes.insertOne({ _id: 1, text: 'hello' });
    expect(await notes.findOne({ _id: 1 })).toEqual({ _id: 1, text: 'hello' });
    await client.close();
  } finally {
    child.kill('SIGTERM');
  }
  expect(await exited).toBe(0);
  expect(fs.existsSync(path.join(dbpath, 'mongod.lock'))).toBe(false);
  fs.rmSync(dbpath, { recursive: true, force: true });
}, 60_000);
