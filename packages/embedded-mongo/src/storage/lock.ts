import fs from 'node:fs';
import path from 'node:path';

const heldInThisProcess = new Set<string>();

/** What Linux says about a process: its state letter and its start time (clock ticks after boot). */
interface ProcStat {
  state: string;
  startTime: string;
}

const HAS_PROC = fs.existsSync('/proc/self/stat');

/** Reads /proc/<pid>/stat; undefined when no such process exists. */
function readProcStat(pid: number | 'self'): ProcStat | undefined {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // "pid (comm) state ppid ... starttime ...": comm may hold spaces and parentheses, so fields count from the
  // last ')'. After it come field 3 (state) onwards; starttime is field 22.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0], startTime: fields[19] };
}

/**
 * Whether the process that wrote the lock still runs. `kill(pid, 0)` alone is not enough: it succeeds on a
 * zombie (killed, not yet reaped by its parent, which may take a while or never happen), and on an unrelated
 * process that got the dead owner's pid. Where /proc exists, a zombie (or a dying 'X') is dead, and so is a process
 * whose start time is not the one the owner recorded.
 */
function ownerAlive(pid: number, recordedStartTime: string | undefined): boolean {
  if (!HAS_PROC) {
    try {
      process.kill(pid, 0);
      return true;
    } catch (err) {
      return (err as NodeJS.ErrnoException).code === 'EPERM';
    }
  }
  const stat = readProcStat(pid);
  if (!stat || stat.state === 'Z' || stat.state === 'X') return false;
  return recordedStartTime === undefined || stat.startTime === recordedStartTime;
}

/**
 * One process owns a data directory at a time. The lock file holds the owner's pid and, on Linux, its start
 * time. A lock left by a process that died (SIGKILL) is taken over at once, even while the dead process is still
 * a zombie, so a crash never blocks the next start.
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
    const [pidText, startTime] = fs.readFileSync(file, 'utf8').trim().split(/\s+/);
    const pid = Number(pidText);
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && ownerAlive(pid, startTime))
      throw busy(pid);
  }
  const ownStartTime = readProcStat('self')?.startTime;
  fs.writeFileSync(file, ownStartTime ? `${process.pid}\n${ownStartTime}\n` : `${process.pid}\n`);
  heldInThisProcess.add(resolved);
  return () => {
    heldInThisProcess.delete(resolved);
    fs.rmSync(file, { force: true });
  };
}
