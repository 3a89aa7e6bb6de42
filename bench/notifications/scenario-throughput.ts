import { performance } from 'node:perf_hooks';
import { LOGS, recordEvent, startEventConsumer } from '@devcircle/service-kit';
import { ObjectId } from 'mongodb';
import { postEventsConsumer } from '../../services/notifications/src/consumers/post-events';
import { runLoad, type LoadResult } from '../shared/load';
import { processCpuSeconds } from '../shared/proc';
import { formatCount } from '../shared/stats';
import { drainInstance } from './members';
import type { Bench } from './results';

/** The consumer that turns like events into notifications (services/notifications/src/consumers/post-events.ts). */
const POSTS_CONSUMER = 'notifications.posts';

/** `events` like events recorded straight into `post_events` as the posts service records them, `writers` at once. */
async function recordLikes(bench: Bench, events: number): Promise<LoadResult> {
  const { config, db, members } = bench;
  const actor = { _id: new ObjectId(members.streamer.id), username: members.streamer.username };
  // A post each, by a recipient of its own: every event makes one notification.
  const likes = Array.from({ length: events }, () => ({ postId: new ObjectId(), author: new ObjectId() }));
  return runLoad({ ops: events, concurrency: config.eventWriters, maxSeconds: 600 }, (i) =>
    recordEvent(db, LOGS.posts, {
      type: 'like',
      actor,
      postId: likes[i].postId,
      postAuthorId: likes[i].author,
    }),
  );
}

/** The streamer's notifications: counted by sender (an indexed field), never by a 20,000-id `$in`. */
function countMade(bench: Bench): Promise<number> {
  const streamer = new ObjectId(bench.members.streamer.id);
  return bench.db.collection('notifications').countDocuments({ fromUserId: streamer });
}

function check(bench: Bench, label: string, events: number, made: number): void {
  bench.results.checks.push({
    check: `throughput ${label} (${formatCount(events)} events): one notification per like event`,
    ok: made === events,
    detail: `${formatCount(made)} notifications for ${formatCount(events)} events`,
  });
}

/**
 * Live: the events are recorded while the instance consumes in the background as usual; then `drain()` every
 * consumer. Timed from the first event recorded to the last notification existing, so the rate is at most the
 * recording rate.
 */
async function measureLive(bench: Bench, events: number): Promise<void> {
  const before = await countMade(bench);
  const started = performance.now();
  const recording = await recordLikes(bench, events);
  await drainInstance(bench.stack.notifications);
  const totalSeconds = (performance.now() - started) / 1000;
  const made = (await countMade(bench)) - before;
  bench.results.throughput.push({
    mode: 'live',
    events,
    writers: bench.config.eventWriters,
    recordSeconds: recording.seconds,
    totalSeconds,
    notifications: made,
  });
  check(bench, 'live', events, made);
}

/**
 * Backlog: the instance's `notifications.posts` is stopped, the events are recorded (the recording rate alone),
 * then the consumer is started again as the service starts it (its context, the stored position) and timed until
 * it has handled them all (`drain()`): the handling rate. It replaces the stopped one in the instance's list, so
 * later drains and the instance's stop include it; the other consumers (the push fan-out) are drained untimed.
 */
async function measureBacklog(bench: Bench, events: number): Promise<void> {
  const instance = bench.stack.notifications;
  const at = instance.consumers.findIndex((consumer) => consumer.name === POSTS_CONSUMER);
  if (at < 0) throw new Error(`${POSTS_CONSUMER} is not running`);
  await instance.consumers[at].stop();
  const before = await countMade(bench);
  const recording = await recordLikes(bench, events);
  const cpuBefore = { database: processCpuSeconds(bench.stack.database.pid), service: process.cpuUsage() };
  const started = performance.now();
  const consumer = startEventConsumer(instance.deps, postEventsConsumer(instance.context));
  instance.consumers[at] = consumer;
  await consumer.drain();
  const totalSeconds = (performance.now() - started) / 1000;
  const serviceCpu = process.cpuUsage(cpuBefore.service);
  const cpuPerEvent = {
    databaseUs: ((processCpuSeconds(bench.stack.database.pid) - cpuBefore.database) * 1e6) / events,
    serviceUs: (serviceCpu.user + serviceCpu.system) / events,
  };
  const made = (await countMade(bench)) - before;
  await drainInstance(instance);
  bench.results.throughput.push({
    mode: 'backlog',
    events,
    writers: bench.config.eventWriters,
    recordSeconds: recording.seconds,
    totalSeconds,
    notifications: made,
    cpuPerEvent,
  });
  check(bench, 'backlog', events, made);
}

/** Bursts of growing size, each live (unless `--backlog-only`) and then as a backlog: how the rates hold up as the backlog grows. */
export async function benchThroughput(bench: Bench): Promise<void> {
  for (const events of bench.config.eventRuns) {
    if (!bench.config.backlogOnly) await measureLive(bench, events);
    await measureBacklog(bench, events);
  }
}
