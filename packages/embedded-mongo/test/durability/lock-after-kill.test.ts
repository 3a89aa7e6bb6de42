import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { acquireLock } from '../../src/storage/lock';
import { spawnServer, spawnServerUnderNonReapingParent } from '../support/server-process';

jest.setTimeout(60_000);

/** A process's state letter and start time from /proc/<pid>/stat (fields 3 and 22, counted after the name). */
function processStat(pid: number): { state: string; startTime: string } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0], startTime: fields[19] };
  } catch {
    return undefined;
  }
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

let dbpath: string;
beforeEach(() => {
  dbpath = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-lock-'));
});
afterEach(() => fs.rmSync(dbpath, { recursive: true, force: true }));

// Zombies and process start times are read from /proc, which only Linux has.
const onLinux = process.platform === 'linux' ? test : test.skip;

onLinux(
  'the server restarts at once after a SIGKILL, while the killed one is still an unreaped zombie',
  async () => {
    const killed = await spawnServerUnderNonReapingParent(dbpath);
    try {
      const before = new MongoClient(killed.uri);
      await before.db('app').collection<{ _id: number }>('c').insertOne({ _id: 1 });
      await before.close();

      process.kill(killed.pid, 'SIGKILL');
      await until(() => processStat(killed.pid)?.state === 'Z');
      // The zombie still answers kill(pid, 0) and keeps its pid: exactly what the lock used to mistake for a live owner.
      expect(() => process.kill(killed.pid, 0)).not.toThrow();

      const restarted = await spawnServer(dbpath);
      const after = new MongoClient(restarted.uri);
      try {
        expect(await after.db('app').collection<{ _id: number }>('c').findOne({ _id: 1 })).toEqual({
          _id: 1,
        });
      } finally {
        await after.close();
        restarted.child.kill('SIGTERM');
        await restarted.exited;
      }
    } finally {
      await killed.stopParent();
    }
  },
);

onLinux(
  'the lock names its owner by pid and start time: another process with that pid does not hold it',
  async () => {
    const holder = spawn('sleep', ['600'], { stdio: 'ignore' });
    const holderExited = new Promise((resolve) => holder.on('exit', resolve));
    const lockFile = path.join(dbpath, 'mongod.lock');
    try {
      await until(() => processStat(holder.pid!) !== undefined);
      const { startTime } = processStat(holder.pid!)!;
      // The lock as this live process would have written it: refused.
      fs.writeFileSync(lockFile, `${holder.pid}\n${startTime}\n`);
      expect(() => acquireLock(dbpath)).toThrow(
        `already in use by another embedded-mongo server (pid ${holder.pid})`,
      );
      // The same pid, recorded by an owner that started at another time and died: the pid was reused, so take over.
      fs.writeFileSync(lockFile, `${holder.pid}\n${Number(startTime) - 1}\n`);
      const release = acquireLock(dbpath);
      expect(fs.readFileSync(lockFile, 'utf8').split('\n')[0]).toBe(String(process.pid));
      release();
    } finally {
      holder.kill('SIGKILL');
      await holderExited;
    }
  },
);
