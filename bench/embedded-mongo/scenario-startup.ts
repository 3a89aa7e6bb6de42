import { withClient } from './client';
import type { BenchConfig } from './config';
import { BASELINE_COMMIT } from './baseline';
import { directorySize, makeDataDir, removeDataDir } from './data-dir';
import { makeSmallDocs } from './data';
import { runLoad } from '../shared/load';
import type { ScenarioResults } from './results';
import { ServerProcess, withServer, type ServerEntry, type ServerMemory } from './server-process';
import { formatCount } from '../shared/stats';

/** Keeps the loading server from compacting on its own, so the first restarts replay nothing but journal. */
const NO_AUTO_COMPACTION = Number.MAX_SAFE_INTEGER;

interface Side {
  entry: ServerEntry;
  label: string;
  dbpath: string;
  readyMs: number[];
  memory?: ServerMemory;
}

const SIDES: Array<{ entry: ServerEntry; label: string }> = [
  { entry: 'baseline', label: `before the oplog (${BASELINE_COMMIT})` },
  { entry: 'bench', label: 'now' },
];

/** Starts each side's server on its data directory, alternating sides, `runs` times; checks every document is there. */
async function timeStarts(
  sides: Side[],
  runs: number,
  docs: number,
  compactAfterBytes?: number,
): Promise<void> {
  for (const side of sides) side.readyMs = [];
  for (let run = 0; run < runs; run++) {
    for (const side of sides) {
      await withServer({ dbpath: side.dbpath, entry: side.entry, compactAfterBytes }, async (server) => {
        side.readyMs.push(server.readyMs);
        const stored = await withClient(server.uri, (db) => db.collection('small').estimatedDocumentCount());
        if (stored !== docs)
          throw new Error(`after a restart the server holds ${stored} documents, expected ${docs}`);
        if (run === 0) side.memory = server.memory();
      });
    }
  }
}

async function loadSmallDocs(
  server: ServerProcess,
  config: BenchConfig,
  results: ScenarioResults,
  label: string,
): Promise<void> {
  await withClient(server.uri, async (db) => {
    const small = db.collection('small');
    const batches = Math.ceil(config.smallDocs / config.smallBatch);
    const load = await runLoad(
      { ops: batches, concurrency: 1, maxSeconds: config.maxPhaseSeconds * 3 },
      (i) => {
        const from = i * config.smallBatch;
        return small.insertMany(makeSmallDocs(from, Math.min(config.smallBatch, config.smallDocs - from)));
      },
    );
    if (load.timedOut) throw new Error(`loading ${config.smallDocs} documents did not finish in time`);
    const mode = `insertMany small docs, ${formatCount(config.smallBatch)} per batch (start-up data), ${label}`;
    results.inserts.push({ mode, docs: config.smallDocs, load });
  });
  results.memory.push({
    state: `after inserting ${formatCount(config.smallDocs)} small docs, ${label}`,
    memory: server.memory(),
  });
}

function report(
  sides: Side[],
  docs: number,
  form: string,
  results: ScenarioResults,
  disks: Array<{ bytes: number; files: string[] }>,
): void {
  for (const [i, side] of sides.entries()) {
    const state = `${formatCount(docs)} small docs, ${form}, ${side.label}`;
    const disk = disks[i];
    const memory = side.memory as ServerMemory;
    results.startups.push({
      state,
      docs,
      diskBytes: disk.bytes,
      files: disk.files,
      readyMs: side.readyMs,
      memory,
    });
    results.memory.push({ state: `${state}, restarted`, memory });
  }
}

/**
 * Start-up time with `config.smallDocs` small documents, before the oplog (the baseline commit) and now, side by
 * side in the same run: first with everything in the journal (replayed entry by entry), then after a compaction has
 * written it all to a snapshot. Restarts alternate between the two servers, so both meet the same machine load.
 */
export async function benchStartup(config: BenchConfig, results: ScenarioResults): Promise<void> {
  const docs = config.smallDocs;
  const dirs = SIDES.map((side) => makeDataDir(`startup-${side.entry}`));
  try {
    const sides: Side[] = SIDES.map((side, i) => ({ ...side, dbpath: dirs[i], readyMs: [] }));
    for (const side of sides) {
      await withServer(
        { dbpath: side.dbpath, entry: side.entry, compactAfterBytes: NO_AUTO_COMPACTION },
        (server) => loadSmallDocs(server, config, results, side.label),
      );
    }
    // Every start replays the journal: nothing compacts it meanwhile.
    const journals = sides.map((side) => directorySize(side.dbpath));
    await timeStarts(sides, config.startRuns, docs, NO_AUTO_COMPACTION);
    report(sides, docs, 'journal only', results, journals);

    for (const side of sides) {
      const compactMs = await withServer({ dbpath: side.dbpath, entry: side.entry }, (server) =>
        server.compact(),
      );
      results.notes.push(
        `Compacting ${formatCount(docs)} small docs into a snapshot took ${Math.round(compactMs)} ms (server side), ${side.label}.`,
      );
    }
    const snapshots = sides.map((side) => directorySize(side.dbpath));
    await timeStarts(sides, config.startRuns, docs);
    report(sides, docs, 'snapshot', results, snapshots);
  } finally {
    for (const dir of dirs) removeDataDir(dir);
  }
}
