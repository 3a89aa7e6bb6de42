import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

/** Where and how the benchmarks ran, for the report header. */
export interface Environment {
  date: string;
  node: string;
  cpus: number;
  cpuModel: string;
  platform: string;
  memoryBytes: number;
  command: string;
  /** The commit the server code comes from, noting uncommitted changes to it. */
  revision: string;
  /** One-minute load average when the run started: other busy processes make the numbers noisy. */
  loadAverage: number;
}

/** A one-minute load average above this, before a run starts, means someone else is using the CPUs. */
export const BUSY_LOAD = 0.5;

const REPO_ROOT = path.resolve(__dirname, '..', '..');

function gitRevision(): string {
  const git = (...args: string[]): string =>
    execFileSync('git', args, {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  try {
    const commit = git('rev-parse', '--short', 'HEAD');
    const dirty = git('status', '--porcelain', '--', 'services') !== '';
    return dirty ? `${commit} + uncommitted changes in services/` : commit;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

export function describeEnvironment(command: string): Environment {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    memoryBytes: os.totalmem(),
    command,
    revision: gitRevision(),
    loadAverage: os.loadavg()[0],
  };
}

/** How the run was started, for the report: `npm run <script> -- <args>`, or `npx tsx <script> <args>`. */
export function commandLine(script: string, argv: string[]): string {
  const npmScript = process.env.npm_lifecycle_event;
  const prefix = npmScript ? `npm run ${npmScript}` : `npx tsx ${script}`;
  if (argv.length === 0) return prefix;
  return npmScript ? `${prefix} -- ${argv.join(' ')}` : `${prefix} ${argv.join(' ')}`;
}
