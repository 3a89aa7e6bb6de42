import { performance } from 'node:perf_hooks';
import { LOGS, recordEvent } from '@devcircle/service-kit';
import { ObjectId } from 'mongodb';
import { runLoad } from '../shared/load';
import { formatCount, summarize } from '../shared/stats';
import { signedMember } from './http';
import { InstanceProcess } from './instance-process';
import type { Bench, BroadcastResult, SocketMemorySample } from './results';
import { closeAll, connectAll, type Listener } from './sockets';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One like event for each socket's user, recorded as the posts service records them; the in-process instance
 * and the child both consume them, and the child pushes each to the socket it holds. Latency is from the
 * event's `recordEvent` resolving to the socket's `notification`.
 */
async function broadcast(bench: Bench, listeners: Listener[]): Promise<BroadcastResult> {
  const { db, members, config } = bench;
  const actor = { _id: new ObjectId(members.streamer.id), username: members.streamer.username };
  const recordedAt = new Map<string, number>();
  const everyone = new Promise<void>((resolve, reject) => {
    let remaining = listeners.length;
    const timer = setTimeout(() => reject(new Error(`${remaining} sockets got nothing`)), 60_000);
    for (const listener of listeners)
      listener.onArrival = () => {
        listener.onArrival = undefined;
        if (--remaining === 0) {
          clearTimeout(timer);
          resolve();
        }
      };
  });
  await runLoad({ ops: listeners.length, concurrency: config.eventWriters, maxSeconds: 600 }, async (i) => {
    const recipient = listeners[i].member.id;
    await recordEvent(db, LOGS.posts, {
      type: 'like',
      actor,
      postId: new ObjectId(),
      postAuthorId: new ObjectId(recipient),
    });
    recordedAt.set(recipient, performance.now());
  });
  await everyone.catch((err: Error) => bench.results.notes.push(`broadcast: ${err.message}`));
  const latencies = listeners
    .filter((listener) => listener.arrivals.length > 0)
    .map((listener) => listener.arrivals[0].at - (recordedAt.get(listener.member.id) as number));
  return { sockets: listeners.length, delivered: latencies.length, deliveryMs: summarize(latencies) };
}

/**
 * Memory of one notifications instance per connected socket: the instance runs in a child process, behind a
 * gateway of its own in this process, and `sockets` clients connect through that gateway (tokens signed as
 * auth signs them, for users who never registered). Heap after full GCs and RSS, before, with and after.
 */
export async function benchSockets(bench: Bench): Promise<void> {
  const { config, stack, results } = bench;
  const instance = await InstanceProcess.start(stack.notificationsEnv);
  const gateway = await stack.startGateway([instance.url]);
  const samples: SocketMemorySample[] = [];
  const sample = async (state: string) => {
    const { rssBytes, heapUsedBytes, sockets } = await instance.sample();
    samples.push({ state, sockets, rssBytes, heapUsedBytes });
  };
  let listeners: Listener[] = [];
  try {
    // One socket first, so what every instance loads once (socket.io's parser, the websocket server) is in
    // the baseline rather than counted per socket.
    const first = await connectAll(gateway.url, [signedMember('warmup')], 1);
    closeAll(first);
    await sleep(500);
    await sample('started, one socket opened and closed');
    const members = Array.from({ length: config.sockets }, (_, i) => signedMember(`socket${i}`));
    const t0 = performance.now();
    listeners = await connectAll(gateway.url, members, config.socketBatch);
    const connectSeconds = (performance.now() - t0) / 1000;
    await sample(`${formatCount(config.sockets)} sockets connected`);
    const pushed = await broadcast(bench, listeners);
    await sample(`after one notification pushed to each`);
    closeAll(listeners);
    listeners = [];
    for (let waited = 0; waited < 5_000 && (await instance.sample()).sockets > 0; waited += 100)
      await sleep(100);
    await sample('every socket closed');
    results.sockets = { sockets: config.sockets, connectSeconds, samples, broadcast: pushed };
    results.checks.push({
      check: `${formatCount(config.sockets)} sockets held by the instance, each pushed its notification`,
      ok: samples[1].sockets === config.sockets && pushed.delivered === config.sockets,
      detail: `registry held ${formatCount(samples[1].sockets)}; ${formatCount(pushed.delivered)} pushes arrived`,
    });
  } finally {
    closeAll(listeners);
    await gateway.stop();
    await instance.stop();
  }
}
