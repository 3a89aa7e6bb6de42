import { notFound, type Caller } from '@devcircle/service-kit';
import type { ObjectId } from 'mongodb';
import type { UsersContext } from '../context';
import { recordFollowEvent } from '../events/logs';
import { PROFILE_NOT_FOUND } from '../profiles/messages';

/**
 * `actor` follows `followeeId`. Counts stay equal to the `follows` documents under any concurrency because each
 * follow document is counted +1 on both profiles by the request that inserted it and -1 on both by whichever
 * request removed it (an unfollow, an account deletion, or this one undoing itself), each only after its write
 * happened; `$inc` on a profile that is gone changes nothing, so the pairs always match.
 * True when this call created the follow (and recorded the event); false when it already existed.
 */
export async function follow(app: UsersContext, actor: Caller, followeeId: ObjectId): Promise<boolean> {
  if (!(await app.follows.insert(actor.id, followeeId))) return false;
  const [followerThere, followeeThere] = await Promise.all([
    app.profiles.addToCounts(actor.id, { followingCount: 1 }),
    app.profiles.addToCounts(followeeId, { followersCount: 1 }),
  ]);
  if (!followerThere || !followeeThere) {
    // One of the two was deleted meanwhile: the follow goes too, and whoever removes it takes back the +1s
    // (this request, or the account deletion that got to it first).
    if (await app.follows.remove(actor.id, followeeId)) await takeBack(app, actor.id, followeeId);
    throw notFound(PROFILE_NOT_FOUND);
  }
  await recordFollowEvent(app, 'follow', actor, followeeId);
  return true;
}

/** The -1 on both profiles that goes with removing one follow document (its remover does it). */
export async function takeBack(app: UsersContext, followerId: ObjectId, followeeId: ObjectId): Promise<void> {
  await Promise.all([
    app.profiles.addToCounts(followerId, { followingCount: -1 }),
    app.profiles.addToCounts(followeeId, { followersCount: -1 }),
  ]);
}

/** `actor` stops following `followeeId`; true when this call removed the follow. */
export async function unfollow(app: UsersContext, actor: Caller, followeeId: ObjectId): Promise<boolean> {
  if (!(await app.follows.remove(actor.id, followeeId))) return false;
  await takeBack(app, actor.id, followeeId);
  await recordFollowEvent(app, 'unfollow', actor, followeeId);
  return true;
}
