import { inTransaction, LOGS } from '@devcircle/service-kit';
import type { ObjectId } from 'mongodb';
import type { UsersContext } from '../context';
import { recordAccountDeleted } from '../events/logs';
import { takeBack } from '../follows/follow-user';
import { followersQuery, followingQuery, type FollowQuery } from '../follows/repository';

const BATCH = 500;

/**
 * True once the account's deletion has been recorded (`account.deleted` in `user_events`, found by the log's
 * `user` index): its profile must not come back.
 */
export async function accountDeleted(app: UsersContext, userId: ObjectId): Promise<boolean> {
  const found = await app.deps.db
    .collection(LOGS.users.name)
    .findOne({ userId, type: 'account.deleted' }, { projection: { _id: 1 } });
  return found !== null;
}

/** Removes every follow a query finds, batch by batch; each one removed here takes back its +1s. */
async function removeFollows(app: UsersContext, query: FollowQuery): Promise<number> {
  let removed = 0;
  for (;;) {
    const batch = await app.follows.list(query, { skip: 0, limit: BATCH });
    if (batch.length === 0) return removed;
    const done = await Promise.all(
      batch.map(async (follow) => {
        if (!(await app.follows.removeById(follow._id))) return 0;
        await takeBack(app, follow.followerId, follow.followeeId);
        return 1;
      }),
    );
    removed += done.reduce((sum: number, one) => sum + one, 0);
  }
}

/**
 * The profile first (a follow racing in then finds it gone and undoes itself), then the user's follows in both
 * directions with the other users' counts corrected. Safe to repeat: a second run finds nothing.
 */
async function removeProfileAndFollows(app: UsersContext, userId: ObjectId): Promise<void> {
  await app.profiles.delete(userId);
  await removeFollows(app, followingQuery(userId));
  await removeFollows(app, followersQuery(userId));
  // Blocks and mutes both ways; the other services drop their copies on `account.deleted`.
  await app.relations.removeUser(userId);
}

/**
 * Account deletion (README "What happens on a change"): the profile and follows, then auth (account,
 * credentials, tokens), then `account.deleted` in `user_events`. When auth fails the error (502/503) reaches
 * the caller and a second DELETE does it all again: every step is idempotent. The profile and follows are
 * swept once more after the event, for a request with the old token that recreated the profile meanwhile
 * (once the event exists, no profile is created for the account again).
 * Answers auth's `x-devcircle-revoked` value, absent when auth had already deleted the account.
 */
export async function deleteAccount(
  app: UsersContext,
  userId: ObjectId,
  requestId?: string,
): Promise<{ revoked?: string }> {
  await removeProfileAndFollows(app, userId);
  const deletion = await app.auth.deleteAccount(userId, requestId);
  // The profile (if a request with the old token recreated it meanwhile) and `account.deleted` commit together.
  await inTransaction(app.deps.database.client, async (session) => {
    await app.profiles.delete(userId, session);
    await recordAccountDeleted(app, userId, session);
  });
  await removeProfileAndFollows(app, userId);
  return deletion;
}
