import { forbidden, inTransaction, notFound, type Caller } from '@devcircle/service-kit';
import type { ClientSession, ObjectId } from 'mongodb';
import type { UsersContext } from '../context';
import { recordFollowEvent } from '../events/logs';
import { PROFILE_NOT_FOUND } from '../profiles/messages';
import { BLOCKED_FOLLOW } from '../relations/relation';

/**
 * `actor` follows `followeeId`: the follow, both profiles' counts and the `follow` event commit in one transaction
 * (the outbox), so the counts always equal the follow documents and every follow has its event. Two requests for
 * the same pair conflict on the counts; the driver runs the later one again, which then finds the follow. This
 * process runs its follow writes one at a time (`followWrites`, why in one-at-a-time.ts).
 * True when this call created the follow; false when it already existed.
 */
export function follow(app: UsersContext, actor: Caller, followeeId: ObjectId): Promise<boolean> {
  return app.followWrites.run(() =>
    inTransaction(app.deps.database.client, async (session) => {
      if (await app.follows.exists(actor.id, followeeId, session)) return false;
      // A block either way made meanwhile (the routes check before): in this process blocks and follows are written
      // one at a time (followWrites), so this read sees any block written before it.
      if (await app.relations.blockedEitherWay(actor.id, followeeId)) throw forbidden(BLOCKED_FOLLOW);
      const followerThere = await app.profiles.addToCounts(actor.id, { followingCount: 1 }, session);
      const followeeThere = await app.profiles.addToCounts(followeeId, { followersCount: 1 }, session);
      // One of the two is gone (deleted meanwhile): nothing of this follow is written.
      if (!followerThere || !followeeThere) throw notFound(PROFILE_NOT_FOUND);
      await app.follows.insert(actor.id, followeeId, session);
      await recordFollowEvent(app, 'follow', actor, followeeId, session);
      return true;
    }),
  );
}

/** The -1 on both profiles that goes with removing one follow document (its remover does it). */
export async function takeBack(
  app: UsersContext,
  followerId: ObjectId,
  followeeId: ObjectId,
  session?: ClientSession,
): Promise<void> {
  await app.profiles.addToCounts(followerId, { followingCount: -1 }, session);
  await app.profiles.addToCounts(followeeId, { followersCount: -1 }, session);
}

/** `actor` stops following `followeeId`, counts and `unfollow` event in one transaction; true when this removed it. */
export function unfollow(app: UsersContext, actor: Caller, followeeId: ObjectId): Promise<boolean> {
  return app.followWrites.run(() =>
    inTransaction(app.deps.database.client, async (session) => {
      if (!(await app.follows.remove(actor.id, followeeId, session))) return false;
      await takeBack(app, actor.id, followeeId, session);
      await recordFollowEvent(app, 'unfollow', actor, followeeId, session);
      return true;
    }),
  );
}
