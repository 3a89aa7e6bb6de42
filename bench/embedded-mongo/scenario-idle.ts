import { setTimeout as sleep } from 'node:timers/promises';
import { withClient } from './client';
import type { BenchConfig } from './config';
import { directorySize, withDataDir } from './data-dir';
import type { ScenarioResults } from './results';
import { ServerProcess, type ServerMemory } from './server-process';

const SETTLE_MS = 1000;

/** The baseline: how long the CLI takes to start on an empty data directory, and its memory when idle. */
export async function benchIdle(config: BenchConfig, results: ScenarioResults): Promise<void> {
  await withDataDir('idle', async (dir) => {
    const readyMs: number[] = [];
    let memory: ServerMemory | undefined;
    for (let run = 0; run < config.startRuns; run++) {
      const server = await ServerProcess.start({ dbpath: dir, entry: 'cli' });
      try {
        readyMs.push(server.readyMs);
        // A reply also proves the CLI got past installing its SIGTERM handler (it does so after the ready line).
        await withClient(server.uri, (db) => db.command({ ping: 1 }));
        if (run === 0) {
          await sleep(SETTLE_MS);
          memory = server.memory();
        }
      } finally {
        await server.stop();
      }
    }
    const { bytes, files } = directorySize(dir);
    const measured = memory as ServerMemory;
    results.startups.push({
      state: 'empty data directory',
      docs: 0,
      diskBytes: bytes,
      files,
      readyMs,
      memory: measured,
    });
    results.memory.push({ state: 'idle, empty data directory (after one ping)', memory: measured });
  });
}
