import { performance } from 'node:perf_hooks';
import type { RunningService } from '@devcircle/service-kit';
import type { NotificationsContext } from '../../services/notifications/src';
import { summarize } from '../shared/stats';
import { expectStatus, signedMember, type Member } from './http';
import { drainInstance } from './members';
import type { Bench, DeliveryResult } from './results';
import { closeAll, connectAll, type Listener } from './sockets';

/** Resolves once `done()` holds (checked on every arrival), or after `timeoutMs` either way. */
function arrivalsDone(listeners: Listener[], done: () => boolean, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      for (const listener of listeners) listener.onArrival = undefined;
      resolve();
    };
    const timer = setTimeout(finish, timeoutMs);
    for (const listener of listeners) listener.onArrival = () => done() && finish();
    if (done()) finish();
  });
}

/** How the instances reach each other's sockets (docs/events.md, "Realtime"), as `REALTIME_FANOUT` names it. */
type Mode = { env: 'stream' | 'adapter'; label: string };
const MODES: Mode[] = [
  { env: 'stream', label: 'change streams' },
  { env: 'adapter', label: 'MongoDB adapter' },
];

/**
 * One actor likes every recipient's posts through `gatewayUrl`, one like at a time (round-robin over the
 * recipients), while each recipient holds one socket through the same gateway, among `idle` sockets of users who
 * get nothing (connected after the recipients', so the gateway spreads both over the instances). Delivery latency
 * runs from the moment the like request is sent to the `notification` event for that post on the recipient's
 * socket: the notification often arrives before the like's answer has been read.
 */
async function measureDelivery(
  bench: Bench,
  setup: string,
  gatewayUrl: string,
  instances: RunningService<NotificationsContext>[],
  liker: Member,
  idle: Member[],
  record = true,
): Promise<void> {
  const { config, members, results } = bench;
  const listeners = await connectAll(gatewayUrl, members.recipients, config.socketBatch);
  const idlers = await connectAll(gatewayUrl, idle, config.socketBatch);
  try {
    const socketsPerInstance = instances.map((instance) => instance.context.registry.size);
    const recipientsPerInstance = instances.map(
      (instance) =>
        members.recipients.filter((member) => instance.context.registry.socketsOf(member.id).length > 0)
          .length,
    );
    const sentAt = new Map<string, number>();
    const answeredAt = new Map<string, number>();
    const likeMs: number[] = [];
    for (let p = 0; p < config.postsPerRecipient; p++) {
      for (let r = 0; r < members.recipients.length; r++) {
        const post = members.posts[r][p];
        const sent = performance.now();
        sentAt.set(post, sent);
        await expectStatus(gatewayUrl, liker, 200, 'PUT', `/api/posts/${post}/like`);
        const answered = performance.now();
        answeredAt.set(post, answered);
        likeMs.push(answered - sent);
      }
    }
    const arrived = () => listeners.reduce((sum, listener) => sum + listener.arrivals.length, 0);
    await arrivalsDone(listeners, () => arrived() >= sentAt.size, config.deliveryTimeoutMs);

    const deliveryMs: number[] = [];
    /** Arrival minus the like's answer: what the like's own time, which dominates, leaves out. */
    const sinceAnswerMs: number[] = [];
    const problems: string[] = [];
    listeners.forEach((listener, r) => {
      const expected = new Set(members.posts[r]);
      for (const { notification, at } of listener.arrivals) {
        const post = notification.post ?? '';
        if (notification.fromUser._id !== liker.id || !expected.delete(post)) {
          problems.push(`${listener.member.username} got an unexpected or repeated ${notification.type}`);
          continue;
        }
        deliveryMs.push(at - (sentAt.get(post) as number));
        sinceAnswerMs.push(at - (answeredAt.get(post) as number));
      }
      if (expected.size > 0) problems.push(`${listener.member.username} missed ${expected.size}`);
    });
    const idleGot = idlers.reduce((sum, listener) => sum + listener.arrivals.length, 0);
    if (idleGot > 0) problems.push(`${idleGot} notifications reached sockets of users who were not liked`);
    if (!record) {
      if (problems.length > 0) throw new Error(`${setup}: ${problems[0]}`);
      return;
    }
    const beforeAnswer = sinceAnswerMs.filter((ms) => ms < 0).length;
    const sinceAnswer = summarize(sinceAnswerMs);
    results.notes.push(
      `${setup}: ${beforeAnswer} of ${deliveryMs.length} notifications arrived before their like's HTTP answer ` +
        `was read; arrival − answer p50 ${sinceAnswer.p50.toFixed(1)} ms, p95 ${sinceAnswer.p95.toFixed(1)} ms`,
    );
    const result: DeliveryResult = {
      setup,
      socketsPerInstance,
      likes: sentAt.size,
      delivered: deliveryMs.length,
      likeMs: summarize(likeMs),
      deliveryMs: summarize(deliveryMs),
    };
    results.deliveries.push(result);
    results.checks.push({
      check: `${setup}: each like reaches its recipient's socket once`,
      ok: problems.length === 0,
      detail:
        problems.length === 0
          ? `${result.delivered} of ${result.likes}, none repeated; sockets per instance ` +
            `${socketsPerInstance.join(' + ')} (recipients ${recipientsPerInstance.join(' + ')})`
          : `${problems.length} problems, e.g. ${problems[0]}`,
    });
  } finally {
    closeAll(listeners);
    closeAll(idlers);
  }
}

/**
 * One notifications instance with the recipients' sockets, then two behind a gateway that spreads
 * `deliverySockets` sockets over them, each with both ways the instances reach each other's sockets, side by side
 * (1 instance: streams, adapter; then 2 instances: streams, adapter), after one untimed pass that warms the code
 * up. The first instance is restarted in each mode (an instance in the other mode would insert notifications
 * the others never hear of), and in the default one at the end.
 */
export async function benchDelivery(bench: Bench): Promise<void> {
  const { stack, members, config } = bench;
  const idle = Array.from(
    { length: Math.max(0, config.deliverySockets - members.recipients.length) },
    (_, i) => signedMember(`idle${i}`),
  );
  const likers = [...members.likers];
  const nextLiker = () => {
    const liker = likers.shift();
    if (!liker) throw new Error('not enough likers registered for the delivery setups');
    return liker;
  };
  try {
    await measureDelivery(bench, 'warm-up', stack.gateway.url, [stack.notifications], nextLiker(), [], false);
    for (const mode of MODES) {
      await stack.restartNotifications({ REALTIME_FANOUT: mode.env });
      const setup = `1 instance, ${mode.label}`;
      await measureDelivery(bench, setup, stack.gateway.url, [stack.notifications], nextLiker(), []);
    }
    for (const mode of MODES) {
      const env = { REALTIME_FANOUT: mode.env };
      await stack.restartNotifications(env);
      const second = await stack.startNotifications(env);
      const gateway = await stack.startGateway([stack.notifications.url, second.url]);
      try {
        const instances = [stack.notifications, second];
        await measureDelivery(bench, `2 instances, ${mode.label}`, gateway.url, instances, nextLiker(), idle);
        // Both instances have handled every like before the second one goes (nothing left for later runs).
        await Promise.all(instances.map(drainInstance));
      } finally {
        await gateway.stop();
        await second.stop();
      }
    }
  } finally {
    await stack.restartNotifications();
  }
}
