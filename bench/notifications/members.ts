import { runLoad } from '../shared/load';
import type { BenchConfig } from './config';
import { publish, register, type Member } from './http';
import type { Members } from './results';
import type { Stack } from './stack';

/** Delivery: the warm-up, then one and two instances with the change streams and with the MongoDB adapter. */
const LIKERS = 5;

/** Handles everything recorded so far with every consumer of the instance (names, likes, pushes). */
export async function drainInstance(instance: Stack['notifications']): Promise<void> {
  for (const consumer of instance.consumers) await consumer.drain();
}

/**
 * The real accounts of the run, registered through the gateway (auth's `account.registered` names them in the
 * notifications service), and the recipients' posts, published through the gateway.
 */
export async function registerMembers(stack: Stack, config: BenchConfig): Promise<Members> {
  const url = stack.gateway.url;
  // Unique per run, though the database is new each time: readable in logs.
  const tag = Date.now().toString(36).slice(-5);
  const names = [
    ...Array.from({ length: config.recipients }, (_, r) => `recipient${r}x${tag}`),
    // One liker per delivery setup: a like is only a first like once.
    ...Array.from({ length: LIKERS }, (_, i) => `liker${i}x${tag}`),
    `streamerx${tag}`,
    `readerx${tag}`,
  ];
  const registered: Member[] = [];
  // A few at a time: each registration is a bcrypt hash.
  await runLoad({ ops: names.length, concurrency: 4, maxSeconds: 300 }, async (i) => {
    registered[i] = await register(url, stack.outboxDir, names[i]);
  });
  const recipients = registered.slice(0, config.recipients);
  const likers = registered.slice(config.recipients, config.recipients + LIKERS);
  const [streamer, reader] = registered.slice(config.recipients + LIKERS);
  const posts = recipients.map(() => [] as string[]);
  const total = config.recipients * config.postsPerRecipient;
  await runLoad({ ops: total, concurrency: 4, maxSeconds: 300 }, async (i) => {
    const r = i % config.recipients;
    const p = Math.floor(i / config.recipients);
    posts[r][p] = await publish(url, recipients[r], `Post ${p} by ${recipients[r].username}`);
  });
  await drainInstance(stack.notifications);
  return { recipients, posts, likers, streamer, reader };
}
