import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { LOGS, recordEvent } from '@devcircle/service-kit';
import { ObjectId } from 'mongodb';
import { runLoad } from '../shared/load';
import { formatBytes, formatCount, summarize } from '../shared/stats';
import { ClientProcess } from './capacity-clients';
import { signedMember } from './http';
import { InstanceProcess } from './instance-process';
import type { Bench, BroadcastResult, CapacityResult, CapacityStep } from './results';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A socket.io client gives up on a handshake after this long (its `timeout`); a refusal stops the ramp. */
const HANDSHAKE_TIMEOUT_MS = 20_000;
/** How long the sampled sockets get for their notification. */
const PUSH_TIMEOUT_MS = 60_000;
/** Open files asked for above the sockets: the instance's database connections, its listening socket, tsx, … */
const SPARE_FILES = 16_384;
/** Descriptors left free under a limit that could not be raised, above those open at the baseline. */
const FD_MARGIN = 200;
/** Ephemeral ports per source address (`ip_local_port_range` 32768–60999) with some left for the rest. */
const PORTS_PER_ADDRESS = 25_000;

const now = () => performance.timeOrigin + performance.now();

/** Source address of client process `i`: 127.0.0.2, 127.0.0.3, … (Linux routes all of 127/8 to `lo`). */
const sourceAddress = (i: number) => `127.0.0.${2 + i}`;

/**
 * One like event for each sampled user, recorded as the posts service records them; both instances consume
 * them and the child pushes each to the socket it holds. Latency from `recordEvent` resolving to the client
 * process seeing the `notification` (both in epoch milliseconds).
 */
async function pushToSample(
  bench: Bench,
  clients: ClientProcess[],
  users: string[],
): Promise<BroadcastResult> {
  const { db, members, config } = bench;
  const actor = { _id: new ObjectId(members.streamer.id), username: members.streamer.username };
  const recordedAt = new Map<string, number>();
  const arrivals = new Map<string, number[]>();
  const wanted = new Set(users);
  let remaining = users.length;
  let allArrived: () => void = () => undefined;
  const everyone = new Promise<void>((resolve) => (allArrived = resolve));
  for (const client of clients)
    client.onArrival((userId, at) => {
      if (!wanted.has(userId)) return;
      const seen = arrivals.get(userId) ?? [];
      seen.push(at);
      arrivals.set(userId, seen);
      if (seen.length === 1 && --remaining === 0) allArrived();
    });
  await runLoad({ ops: users.length, concurrency: config.eventWriters, maxSeconds: 120 }, async (i) => {
    await recordEvent(db, LOGS.posts, {
      type: 'like',
      actor,
      postId: new ObjectId(),
      postAuthorId: new ObjectId(users[i]),
    });
    recordedAt.set(users[i], now());
  });
  if (users.length > 0) await Promise.race([everyone, sleep(PUSH_TIMEOUT_MS)]);
  // A repeat would come right after the first: give it a moment to show.
  await sleep(1_000);
  const latencies = [...arrivals].map(([userId, at]) => at[0] - (recordedAt.get(userId) as number));
  const repeated = [...arrivals.values()].filter((at) => at.length > 1).length;
  if (repeated > 0)
    bench.results.notes.push(`capacity: ${repeated} sampled sockets got their notification twice`);
  return {
    sockets: users.length,
    delivered: [...arrivals.values()].filter((at) => at.length === 1).length,
    deliveryMs: summarize(latencies),
  };
}

/**
 * How many sockets one notifications instance holds within `rssLimitBytes`: the instance runs in a child process
 * of its own (open-file limit raised), and real socket.io clients in `clientProcesses` other child processes, each
 * from its own loopback source address, connect straight to it (no gateway: it would hold a second connection per
 * socket and is not the subject), step by step. After each step the instance's RSS and heap after full GCs are
 * sampled; the ramp stops at the last step, at the RSS limit, at a refused socket or at the time limit. Then one
 * notification goes to a sample of the sockets, to show they are live.
 */
export async function benchCapacity(bench: Bench): Promise<void> {
  const { config, stack, results } = bench;
  const capacity = config.capacity;
  const largest = Math.max(...capacity.steps);
  const processes = Math.max(capacity.clientProcesses, Math.ceil(largest / PORTS_PER_ADDRESS));
  const deadline = performance.now() + capacity.maxSeconds * 1000;
  const whatIf = process.env.BENCH_INSTANCE_WHAT_IF || undefined;
  const instance = await InstanceProcess.start(stack.notificationsEnv, { openFiles: largest + SPARE_FILES });
  const clients: ClientProcess[] = [];
  try {
    const perProcess = Math.ceil(largest / processes) + SPARE_FILES;
    clients.push(
      ...(await Promise.all(
        Array.from({ length: processes }, (_, i) => ClientProcess.start(sourceAddress(i), perProcess)),
      )),
    );
    const sample = async (
      state: string,
      step: Partial<Pick<CapacityStep, 'requested' | 'failed' | 'connectSeconds'>> = {},
    ): Promise<CapacityStep> => {
      const { rssBytes, maxRssBytes, heapUsedBytes, sockets, openFiles } = await instance.sample();
      const statuses = await Promise.all(clients.map((client) => client.status()));
      return {
        state,
        sockets,
        requested: step.requested ?? 0,
        failed: step.failed ?? 0,
        connectSeconds: step.connectSeconds ?? 0,
        rssBytes,
        maxRssBytes,
        heapUsedBytes,
        openFiles,
        loadAverage: os.loadavg()[0],
        clientRssBytes: statuses.reduce((sum, s) => sum + s.rssBytes, 0),
      };
    };
    const connectOptions = (limitMs: number) => ({
      inFlight: capacity.inFlight,
      timeoutMs: HANDSHAKE_TIMEOUT_MS,
      limitMs,
    });

    // One socket first, so what every instance loads once (socket.io's parser, the websocket server) is in the
    // baseline rather than counted per socket.
    const warmup = signedMember('capacity-warmup');
    await clients[0].connect(
      instance.url,
      [{ userId: warmup.id, token: warmup.token }],
      connectOptions(30_000),
    );
    await clients[0].closeSockets();
    await sleep(500);
    const baseline = await sample('started, one socket opened and closed');
    // Where the open-file limit could not be raised far enough (no CAP_SYS_RESOURCE, as in some containers),
    // the ramp ends at the most sockets the instance and the clients can have open.
    const socketCap = Math.min(
      instance.openFileLimit - Math.max(baseline.openFiles, 0) - FD_MARGIN,
      clients.reduce((sum, client) => sum + client.openFileLimit - FD_MARGIN, 0),
    );
    const targets = capacity.steps.filter((target) => target < socketCap);
    if (largest >= socketCap) targets.push(socketCap);

    const steps: CapacityStep[] = [];
    const errors: string[] = [];
    let requested = 0;
    let opened = 0;
    let stoppedBecause =
      largest < socketCap
        ? `reached the last step (${formatCount(largest)})`
        : `open-file limit: the instance may have ${formatCount(instance.openFileLimit)} files open ` +
          `(${formatCount(baseline.openFiles)} at the baseline), not enough for ${formatCount(largest)} sockets`;
    for (const target of targets) {
      const left = deadline - performance.now();
      if (left <= 0) {
        stoppedBecause = `time limit (${capacity.maxSeconds} s) before the ${formatCount(target)} step`;
        break;
      }
      const shares = clients.map(() => [] as { userId: string; token: string }[]);
      for (let i = requested; i < target; i++) {
        const member = signedMember(`capacity${i}`);
        shares[i % clients.length].push({ userId: member.id, token: member.token });
      }
      const t0 = performance.now();
      const replies = await Promise.all(
        clients.map((client, k) => client.connect(instance.url, shares[k], connectOptions(left))),
      ).catch((err: Error) => err);
      const connectSeconds = (performance.now() - t0) / 1000;
      if (replies instanceof Error) {
        stoppedBecause = `the ${formatCount(target)} step did not finish: ${replies.message}`;
        break;
      }
      const stepOpened = replies.reduce((sum, r) => sum + r.opened, 0);
      const stepFailed = replies.reduce((sum, r) => sum + r.failed, 0);
      replies.forEach((reply, k) =>
        errors.push(
          ...reply.errors.map((error) => `${clients[k].localAddress}, ${formatCount(target)} step: ${error}`),
        ),
      );
      opened += stepOpened;
      const asked = target - requested;
      requested = target;
      const step = await sample(`${formatCount(target)} sockets asked for`, {
        requested: asked,
        failed: stepFailed,
        connectSeconds,
      });
      steps.push(step);
      console.log(
        `\n  ${formatCount(step.sockets)} sockets: RSS ${formatBytes(step.rssBytes)} (peak ` +
          `${formatBytes(step.maxRssBytes)}), heap ${formatBytes(step.heapUsedBytes)}, ` +
          `${formatCount(asked)} in ${connectSeconds.toFixed(1)} s, ${stepFailed} refused, load ${step.loadAverage.toFixed(2)}`,
      );
      if (stepFailed > 0) {
        stoppedBecause = `${formatCount(stepFailed)} sockets refused in the ${formatCount(target)} step`;
        break;
      }
      if (Math.max(step.rssBytes, step.maxRssBytes) >= capacity.rssLimitBytes) {
        stoppedBecause = `RSS reached ${formatBytes(capacity.rssLimitBytes)} at the ${formatCount(target)} step`;
        break;
      }
    }

    const perClient = Math.ceil(capacity.pushSample / clients.length);
    const users = (await Promise.all(clients.map((client) => client.pick(perClient)))).flat();
    const push = await pushToSample(bench, clients, users.slice(0, capacity.pushSample));
    const statuses = await Promise.all(clients.map((client) => client.status()));
    const lost = statuses.reduce((sum, s) => sum + s.lost, 0);
    const open = statuses.reduce((sum, s) => sum + s.open, 0);
    const after = [await sample(`after one notification to ${formatCount(push.sockets)} of them`)];
    await Promise.all(clients.map((client) => client.closeSockets()));
    // Until the registry is empty and the connections are gone too (a websocket closes after its close handshake).
    const gone = async () => {
      const { sockets, openFiles } = await instance.sample();
      return sockets === 0 && openFiles <= baseline.openFiles + FD_MARGIN;
    };
    for (let waited = 0; waited < 30_000 && !(await gone()); waited += 500) await sleep(500);
    after.push(await sample('every socket closed'));

    const result: CapacityResult = {
      clientProcesses: clients.length,
      sourceAddresses: clients.map((client) => client.localAddress),
      inFlight: capacity.inFlight,
      rssLimitBytes: capacity.rssLimitBytes,
      openFileLimit: instance.openFileLimit,
      socketCap: largest >= socketCap ? socketCap : undefined,
      whatIf,
      baseline,
      steps,
      after,
      stoppedBecause,
      errors,
      lost,
      push,
    };
    results.capacity = result;
    const last = steps.at(-1);
    results.checks.push(
      {
        check: 'capacity: the instance held every socket the clients opened, at every step',
        ok:
          last !== undefined &&
          steps.every((s, i) => s.sockets === sumOpened(steps, i)) &&
          last.sockets === opened,
        detail: steps.map((s) => formatCount(s.sockets)).join(', ') + ` held; ${formatCount(opened)} opened`,
      },
      {
        check: 'capacity: no socket ended before the clients closed them',
        ok: lost === 0 && open === opened,
        detail: `${formatCount(lost)} lost, ${formatCount(open)} of ${formatCount(opened)} open at the end`,
      },
      {
        check: `capacity: ${formatCount(push.sockets)} sampled sockets each got their notification once`,
        ok: push.sockets > 0 && push.delivered === push.sockets,
        detail: `${formatCount(push.delivered)} got exactly one`,
      },
    );
  } finally {
    await Promise.all(clients.map((client) => client.stop()));
    await instance.stop();
  }
}

/** Sockets opened by the end of step `i` (asked for minus refused, every step so far). */
function sumOpened(steps: CapacityStep[], i: number): number {
  return steps.slice(0, i + 1).reduce((sum, s) => sum + s.requested - s.failed, 0);
}
