import { performance } from 'node:perf_hooks';
import { LOGS, recordEvent } from '@devcircle/service-kit';
import { ObjectId } from 'mongodb';
import { runLoad } from '../shared/load';
import { formatCount } from '../shared/stats';
import { drainInstance } from './members';
import type { Bench } from './results';

/**
 * `events` like events recorded straight into `post_events`, exactly as the posts service records them
 * (`recordEvent`, `writers` at once), each for a distinct recipient, while the one notifications instance
 * consumes in the background as usual; then `drain()` until every notification exists. Measured from the first
 * event recorded to the last notification made.
 */
async function measureThroughput(bench: Bench, events: number): Promise<void> {
  const { config, db, stack, members, results } = bench;
  const actor = { _id: new ObjectId(members.streamer.id), username: members.streamer.username };
  // A post each, by a recipient of its own: every event makes one notification.
  const likes = Array.from({ length: events }, () => ({ postId: new ObjectId(), author: new ObjectId() }));
  // Counted by sender (an indexed field): a 20,000-id `$in` would cost the embedded server minutes.
  const notifications = db.collection('notifications');
  const before = await notifications.countDocuments({ fromUserId: actor._id });
  const started = performance.now();
  const recording = await runLoad({ ops: events, concurrency: config.eventWriters, maxSeconds: 600 }, (i) =>
    recordEvent(db, LOGS.posts, {
      type: 'like',
      actor,
      postId: likes[i].postId,
      postAuthorId: likes[i].author,
    }),
  );
  await drainInstance(stack.notifications);
  const totalSeconds = (performance.now() - started) / 1000;
  const made = (await notifications.countDocuments({ fromUserId: actor._id })) - before;
  results.throughput.push({
    events,
    writers: config.eventWriters,
    recordSeconds: recording.seconds,
    totalSeconds,
    notifications: made,
  });
  results.checks.push({
    check: `throughput (${formatCount(events)} events): one notification per like event`,
    ok: made === events,
    detail: `${formatCount(made)} notifications for ${formatCount(events)} events`,
  });
}

/** Bursts of growing size: how the rate holds up as the backlog grows. */
export async function benchThroughput(bench: Bench): Promise<void> {
  for (const events of bench.config.eventRuns) await measureThroughput(bench, events);
}
