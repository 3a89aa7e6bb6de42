import { ObjectId, type Db } from 'mongodb';
import type { NotificationDoc } from '../../services/notifications/src/notifications/notification';
import { runLoad } from '../shared/load';
import { formatCount } from '../shared/stats';
import { expectStatus, json, type Member } from './http';
import type { Bench, ReadResult } from './results';
import { likeNotification } from './seed';

/** Untimed requests before each measurement, so connections are open and code paths warm. */
const WARM_UP = 20;
/** Distinct senders of the seeded notifications, each with a `people` record (the names the list shows). */
const SENDERS = 100;

/** An ObjectId at `seconds` (Unix time) with a 1-byte kind and a 7-byte counter: unique, ordered by time. */
function orderedId(seconds: number, kind: number, counter: number): ObjectId {
  const hex =
    seconds.toString(16).padStart(8, '0') +
    kind.toString(16).padStart(2, '0') +
    counter.toString(16).padStart(14, '0');
  return new ObjectId(hex);
}

/**
 * The reader's inbox, written straight into `notifications` in the shape of notification.ts: one every 30 s,
 * ending an hour ago (so the ids are older than the push consumers' start and nothing is pushed), likes from
 * `SENDERS` people. Returns the ids, newest first.
 */
async function seedInbox(db: Db, reader: Member, count: number, batch: number): Promise<ObjectId[]> {
  const userId = new ObjectId(reader.id);
  const last = Math.floor(Date.now() / 1000) - 3600;
  const senders = Array.from({ length: SENDERS }, (_, s) => ({
    _id: orderedId(last - count * 30 - 86_400, 1, s),
    username: `sender${s}`,
    displayName: `Sender ${s}`,
  }));
  await db.collection('people').insertMany(senders.map((s) => ({ ...s, nameEventId: s._id })));
  const ids: ObjectId[] = [];
  let pending: NotificationDoc[] = [];
  for (let i = 0; i < count; i++) {
    const _id = orderedId(last - (count - i) * 30, 2, i);
    ids.push(_id);
    pending.push(likeNotification(_id, userId, senders[i % SENDERS], i % 3 === 0));
    if (pending.length === batch || i === count - 1) {
      await db.collection('notifications').insertMany(pending);
      pending = [];
    }
  }
  return ids.reverse();
}

async function measureList(
  bench: Bench,
  request: string,
  urlPath: string,
  clients: number,
): Promise<ReadResult> {
  const { config, stack, members } = bench;
  const get = () => expectStatus(stack.gateway.url, members.reader, 200, 'GET', urlPath);
  const limits = { concurrency: clients, maxSeconds: config.maxPhaseSeconds };
  await runLoad({ ops: WARM_UP, ...limits }, get);
  let bytes = 0;
  const load = await runLoad({ ops: config.readOps, ...limits }, async () => {
    bytes = (await get()).bytes;
  });
  return { request, clients, load, bytes };
}

/** `GET /api/notifications` through the gateway for a reader with `inbox` notifications. */
export async function benchList(bench: Bench): Promise<void> {
  const { config, db, stack, members, results } = bench;
  const newestFirst = await seedInbox(db, members.reader, config.inbox, config.seedBatch);
  const cursor = newestFirst[config.deepPosition - 1];
  const depth = formatCount(config.deepPosition);
  const requests: [string, string][] = [
    ['first page (default limit 20)', '/api/notifications'],
    ['first page ?limit=50', '/api/notifications?limit=50'],
    [`page ${depth} deep: ?before=<${depth}th newest>`, `/api/notifications?before=${cursor.toHexString()}`],
  ];
  for (const clients of [1, config.readConcurrency])
    for (const [request, urlPath] of requests)
      results.reads.push(await measureList(bench, request, urlPath, clients));

  // The deep page is the right one: the 20 notifications after the cursor, in order.
  const reply = await expectStatus(stack.gateway.url, members.reader, 200, 'GET', requests[2][1]);
  const page = json<{ _id: string }[]>(reply).map((n) => n._id);
  const expected = newestFirst
    .slice(config.deepPosition, config.deepPosition + 20)
    .map((id) => id.toHexString());
  results.checks.push({
    check: `the page ${depth} deep is the next 20 after the cursor`,
    ok: JSON.stringify(page) === JSON.stringify(expected),
    detail: `${page.length} notifications, first ${page[0] ?? 'none'}`,
  });
}
