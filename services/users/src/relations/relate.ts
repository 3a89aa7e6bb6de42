import { RELATIONS_MAX, type RelationKind } from '@devcircle/contracts';
import { badRequest, inTransaction, LOGS, recordEvent, type Caller } from '@devcircle/service-kit';
import type { ClientSession, ObjectId } from 'mongodb';
import type { UsersContext } from '../context';
import { recordFollowEvent } from '../events/logs';
import { takeBack } from '../follows/follow-user';
import type { Profile } from '../profiles/profile';
import { RELATIONS_FULL } from './relation';

function recordRelationEvent(
  app: UsersContext,
  type: 'block' | 'unblock' | 'mute' | 'unmute',
  ownerId: ObjectId,
  targetId: ObjectId,
  session: ClientSession,
): Promise<ObjectId> {
  return recordEvent(app.deps.db, LOGS.relations, { type, ownerId, targetId }, { session });
}

/** Removes one follow with its counts and its `unfollow` event, inside the block's transaction. */
async function endFollow(
  app: UsersContext,
  follower: Caller,
  followeeId: ObjectId,
  session: ClientSession,
): Promise<void> {
  if (!(await app.follows.remove(follower.id, followeeId, session))) return;
  await takeBack(app, follower.id, followeeId, session);
  await recordFollowEvent(app, 'unfollow', follower, followeeId, session);
}

/**
 * `owner` blocks (mutes) `target`. One transaction: the relation, its event, and for a block the follows between
 * the two, both ways, with their counts and `unfollow` events (so counts stay exact and every other service's
 * copy of the follows hears of it). Runs with the follow writes of this process, one at a time (one-at-a-time.ts).
 * True when this call made it; false when it held already (idempotent). Over the cap: 400, nothing written.
 */
export function relate(
  app: UsersContext,
  owner: Caller,
  target: Profile,
  kind: RelationKind,
): Promise<boolean> {
  return app.followWrites.run(() =>
    inTransaction(app.deps.database.client, async (session) => {
      if (await app.relations.exists(owner.id, target._id, kind, session)) return false;
      await app.relations.insert(owner.id, target._id, kind, session);
      // Counted with the new one: more than the cap means this one is over it, and the transaction is undone.
      if ((await app.relations.count(owner.id, kind, RELATIONS_MAX + 1, session)) > RELATIONS_MAX)
        throw badRequest(RELATIONS_FULL(kind, RELATIONS_MAX));
      await recordRelationEvent(app, kind, owner.id, target._id, session);
      if (kind === 'block') {
        await endFollow(app, owner, target._id, session);
        await endFollow(app, { id: target._id, username: target.username }, owner.id, session);
      }
      return true;
    }),
  );
}

/** `owner` takes back a block (mute) of `targetId`; follows a block ended stay ended. True when this removed it. */
export function unrelate(
  app: UsersContext,
  owner: Caller,
  targetId: ObjectId,
  kind: RelationKind,
): Promise<boolean> {
  return app.followWrites.run(() =>
    inTransaction(app.deps.database.client, async (session) => {
      if (!(await app.relations.remove(owner.id, targetId, kind, session))) return false;
      await recordRelationEvent(app, kind === 'block' ? 'unblock' : 'unmute', owner.id, targetId, session);
      return true;
    }),
  );
}
