import { runLoad } from '../shared/load';
import { expectStatus, type BenchUser } from './http';
import type { Bench, ReadResult } from './results';

/** Untimed requests before each measurement, so connections are open and code paths warm. */
const WARM_UP = 20;

/** Times `ops` GETs of `urlPath` with `clients` in flight; every one must answer 200. */
export async function measureGet(
  bench: Bench,
  request: string,
  urlPath: string,
  user: BenchUser,
  options: { clients: number; ops: number },
): Promise<ReadResult> {
  const get = () => expectStatus(bench.baseUrl, user, 200, 'GET', urlPath);
  await runLoad(
    { ops: WARM_UP, concurrency: options.clients, maxSeconds: bench.config.maxPhaseSeconds },
    get,
  );
  let bytes = 0;
  const load = await runLoad(
    { ops: options.ops, concurrency: options.clients, maxSeconds: bench.config.maxPhaseSeconds },
    async () => {
      bytes = (await get()).bytes;
    },
  );
  return { request, clients: options.clients, load, bytes };
}
