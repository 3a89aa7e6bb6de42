import { ObjectId, Timestamp, type Db } from 'mongodb';

/** An id made `seconds` before `id` was: where reading a log by id starts to catch inserts that committed late. */
export function idSecondsBefore(id: ObjectId, seconds: number): ObjectId {
  return ObjectId.createFromTime(Math.floor(id.getTimestamp().getTime() / 1000) - seconds);
}

/**
 * The deployment's time now, as a replica set reports it in every reply (`operationTime`, else `$clusterTime`): a
 * change stream started at it sees every change that commits from then on.
 */
export async function currentClusterTime(db: Db): Promise<Timestamp> {
  const reply = await db.command({ ping: 1 });
  const time: unknown =
    reply.operationTime ?? (reply.$clusterTime as { clusterTime?: unknown } | undefined)?.clusterTime;
  if (!(time instanceof Timestamp)) {
    throw new Error(
      'the database reports no cluster time: event consumers need a replica set (docs/database.md)',
    );
  }
  return time;
}

/** The first time after `time`: a stream started there leaves out the change made at `time` itself. */
export function justAfter(time: Timestamp): Timestamp {
  return new Timestamp({ t: time.t, i: time.i + 1 });
}
