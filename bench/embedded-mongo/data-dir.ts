import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const live = new Set<string>();

// An interrupted run (run.ts turns SIGINT into an exit) still leaves no data behind.
process.on('exit', () => {
  for (const dir of live) fs.rmSync(dir, { recursive: true, force: true });
});

/** A fresh, empty data directory under the system temp directory. */
export function makeDataDir(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `embedded-mongo-bench-${label}-`));
  live.add(dir);
  return dir;
}

export function removeDataDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
  live.delete(dir);
}

/** Creates a data directory, runs `body` with it, and removes it afterwards whatever happens. */
export async function withDataDir<T>(label: string, body: (dir: string) => Promise<T>): Promise<T> {
  const dir = makeDataDir(label);
  try {
    return await body(dir);
  } finally {
    removeDataDir(dir);
  }
}

/** Total size of the regular files in a directory (not recursive: the server keeps a flat directory). */
export function directorySize(dir: string): { bytes: number; files: string[] } {
  let bytes = 0;
  const files: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    bytes += fs.statSync(path.join(dir, entry.name)).size;
    files.push(entry.name);
  }
  return { bytes, files: files.sort() };
}
