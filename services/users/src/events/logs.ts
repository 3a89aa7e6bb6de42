import { ensureEventLog, LOGS, recordEvent, type Caller } from '@devcircle/service-kit';
import type { ClientSession, Db, ObjectId } from 'mongodb';
import type { UsersContext } from '../context';
import type { Profile } from '../profiles/profile';

/** Declares the logs (and `user_events` by user, for the "was this account deleted" check). */
export async function ensureEventLogs(db: Db): Promise<void> {
  await ensureEventLog(db, LOGS.profiles);
  await ensureEventLog(db, LOGS.users);
  await ensureEventLog(db, LOGS.follows);
  await ensureEventLog(db, LOGS.relations);
  await db.collection(LOGS.users.name).createIndexes([{ key: { userId: 1 }, name: 'user' }]);
}

/** The fields of `profile.updated` (docs/events.md); `isPrivate` is always the profile's current value. */
export type ProfileAnnouncement = Pick<Profile, '_id' | 'username' | 'displayName' | 'isPrivate'>;

/**
 * Recorded in the transaction of the profile write it describes: two writes to one profile conflict, so their
 * events commit in the order of the writes and the newest event always holds the current state.
 */
export function recordProfileUpdated(
  app: UsersContext,
  profile: ProfileAnnouncement,
  session: ClientSession,
): Promise<ObjectId> {
  return recordEvent(
    app.deps.db,
    LOGS.profiles,
    {
      type: 'profile.updated',
      userId: profile._id,
      username: profile.username,
      displayName: profile.displayName,
      isPrivate: profile.isPrivate,
    },
    { session },
  );
}

export function recordFollowEvent(
  app: UsersContext,
  type: 'follow' | 'unfollow',
  actor: Caller,
  targetId: ObjectId,
  session: ClientSession,
): Promise<ObjectId> {
  const event = { type, actor: { _id: actor.id, username: actor.username }, targetId };
  return recordEvent(app.deps.db, LOGS.follows, event, { session });
}

export function recordAccountDeleted(
  app: UsersContext,
  userId: ObjectId,
  session: ClientSession,
): Promise<ObjectId> {
  return recordEvent(app.deps.db, LOGS.users, { type: 'account.deleted', userId }, { session });
}
