import { performance } from 'node:perf_hooks';
import type { RunningService } from '@devcircle/service-kit';
import type { NotificationsContext } from '../../services/notifications/src';
import { summarize } from '../shared/stats';
import { expectStatus, type Member } from './http';
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

/**
 * One actor likes every recipient's posts through `gatewayUrl`, one like at a time (round-robin over the
 * recipients), while each recipient holds one socket through the same gateway. Delivery latency is from the
 * like's HTTP answer to the `notification` event for that post on the recipient's socket.
 */
async function measureDelivery(
  bench: Bench,
  setup: string,
  gatewayUrl: string,
  instances: RunningService<NotificationsContext>[],
  liker: Member,
): Promise<void> {
  const { config, members, results } = bench;
  const listeners = await connectAll(gatewayUrl, members.recipients, config.socketBatch);
  try {
    const socketsPerInstance = instances.map((instance) => instance.context.registry.size);
    const answeredAt = new Map<string, number>();
    const likeMs: number[] = [];
    for (let p = 0; p < config.postsPerRecipient; p++) {
      for (let r = 0; r < members.recipients.length; r++) {
        const post = members.posts[r][p];
        const sent = performance.now();
        await expectStatus(gatewayUrl, liker, 200, 'PUT', `/api/posts/${post}/like`);
        const answered = performance.now();
        answeredAt.set(post, answered);
        likeMs.push(answered - sent);
      }
    }
    const arrived = () => listeners.reduce((sum, listener) => sum + listener.arrivals.length, 0);
    await arrivalsDone(listeners, () => arrived() >= answeredAt.size, config.deliveryTimeoutMs);

    const deliveryMs: number[] = [];
    const problems: string[] = [];
    listeners.forEach((listener, r) => {
      const expected = new Set(members.posts[r]);
      for (const { notification, at } of listener.arrivals) {
        const post = notification.post ?? '';
        if (notification.fromUser._id !== liker.id || !expected.delete(post)) {
          problems.push(`${listener.member.username} got an unexpected or repeated ${notification.type}`);
          continue;
        }
        deliveryMs.push(at - (answeredAt.get(post) as number));
      }
      if (expected.size > 0) problems.push(`${listener.member.username} missed ${expected.size}`);
    });
    const early = deliveryMs.filter((ms) => ms < 0).length;
    if (early > 0)
      results.notes.push(
        `${setup}: ${early} notifications arrived before their like's HTTP answer had been read (counted as negative)`,
      );
    const result: DeliveryResult = {
      setup,
      socketsPerInstance,
      likes: answeredAt.size,
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
          ? `${result.delivered} of ${result.likes}, none repeated; sockets per instance ${socketsPerInstance.join(' + ')}`
          : `${problems.length} problems, e.g. ${problems[0]}`,
    });
  } finally {
    closeAll(listeners);
  }
}

/** Delivery with one notifications instance, then with two behind a gateway that spreads the sockets. */
export async function benchDelivery(bench: Bench): Promise<void> {
  const { stack, members } = bench;
  await measureDelivery(bench, '1 instance', stack.gateway.url, [stack.notifications], members.likers[0]);
  const second = await stack.startNotifications();
  const gateway = await stack.startGateway([stack.notifications.url, second.url]);
  try {
    await measureDelivery(
      bench,
      '2 instances',
      gateway.url,
      [stack.notifications, second],
      members.likers[1],
    );
    // Both instances have handled every like before the second one goes (nothing left for later runs).
    await Promise.all([drainInstance(stack.notifications), drainInstance(second)]);
  } finally {
    await gateway.stop();
    await second.stop();
  }
}
