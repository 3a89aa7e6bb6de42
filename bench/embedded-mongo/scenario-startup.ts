import { withClient } from './client';
import type { BenchConfig } from './config';
import { directorySize, withDataDir } from './data-dir';
import { makeSmallDocs } from './data';
import { runLoad } from '../shared/load';
import type { ScenarioResults } from './results';
import { ServerProcess, withServer, type ServerMemory } from './server-process';
import { formatCount } from '../shared/stats';

/** Keeps the loading server from compacting on its own, so the first restarts replay nothing but journal. */
const NO_AUTO_COMPACTION = Number.MAX_SAFE_INTEGER;

/** Starts the real CLI `runs` times on `dbpath`; checks each start sees every document. */
async function timeStarts(
  dbpath: string,
  runs: number,
  docs: number,
): Promise<{ readyMs: number[]; memory: ServerMemory }> {
  const readyMs: number[] = [];
  let memory: ServerMemory | undefined;
  for (let run = 0; run < runs; run++) {
    await withServer({ dbpath, entry: 'cli' }, async (server) => {
      readyMs.push(server.readyMs);
      const stored = await withClient(server.uri, (db) => db.collection('small').estimatedDocumentCount());
      if (stored !== docs)
        throw new Error(`after a restart the server holds ${stored} documents, expected ${docs}`);
      memory ??= server.memory();
    });
  }
  return { readyMs, memory: memory as ServerMemory };
}

async function loadSmallDocs(
  server: ServerProcess,
  config: BenchConfig,
  results: ScenarioResults,
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
    const mode = `insertMany small docs, ${formatCount(config.smallBatch)} per batch (start-up data)`;
    results.inserts.push({ mode, docs: config.smallDocs, load });
  });
  results.memory.push({
    state: `after inserting ${formatCount(config.smallDocs)} small docs`,
    memory: server.memory(),
  });
}

/**
 * Start-up time with `config.smallDocs` small documents: first with everything in the journal (replayed entry by
 * entry), then after a compaction has written it all to a snapshot.
 */
export async function benchStartup(config: BenchConfig, results: ScenarioResults): Promise<void> {
  const docs = config.smallDocs;
  await withDataDir('startup', async (dbpath) => {
    await withServer({ dbpath, compactAfterBytes: NO_AUTO_COMPACTION }, (server) =>
      loadSmallDocs(server, config, results),
    );
    const journal = directorySize(dbpath);
    const replayed = await timeStarts(dbpath, config.startRuns, docs);
    const state = `${formatCount(docs)} small docs`;
    results.startups.push({
      state: `${state}, journal only`,
      docs,
      diskBytes: journal.bytes,
      files: journal.files,
      ...replayed,
    });
    results.memory.push({ state: `${state}, restarted from the journal`, memory: replayed.memory });

    const compactMs = await withServer({ dbpath }, (server) => server.compact());
    results.notes.push(
      `Compacting ${formatCount(docs)} small docs into a snapshot took ${Math.round(compactMs)} ms (server side).`,
    );
    const snapshot = directorySize(dbpath);
    const loaded = await timeStarts(dbpath, config.startRuns, docs);
    results.startups.push({
      state: `${state}, snapshot`,
      docs,
      diskBytes: snapshot.bytes,
      files: snapshot.files,
      ...loaded,
    });
    results.memory.push({ state: `${state}, restarted from the snapshot`, memory: loaded.memory });
  });
}
