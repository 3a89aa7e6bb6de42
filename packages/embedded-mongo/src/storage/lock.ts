import fs from 'node:fs';
import path from 'node:path';

const heldInThisProcess = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One process owns a data directory at a time. A lock left by a process that died (SIGKILL) is taken over, so
 * a crash never blocks the next start.
 */
export function acquireLock(dir: string): () => void {
  const resolved = path.resolve(dir);
  const file = path.join(resolved, 'mongod.lock');
  const busy = (pid: number): Error =>
    new Error(
      `the data directory ${resolved} is already in use by another embedded-mongo server (pid ${pid}); stop it or choose another --dbpath`,
    );
  if (heldInThisProcess.has(resolved)) throw busy(process.pid);
  if (fs.existsSync(file)) {
    const pid = Number(fs.readFileSync(file, 'utf8').trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) throw busy(pid);
  }
  fs.writeFileSync(file, `${process.pid}\n`);
  heldInThisProcess.add(resolved);
  return () => {
    heldInThisProcess.delete(resolved);
    fs.rmSync(file, { force: true });
  };
}
