import type { UsersContext } from '../context';
import type { Profile } from '../profiles/profile';
import { recordProfileUpdated, type ProfileAnnouncement } from './logs';

/** A profile that keeps changing under us is announced at most this often per request; the last one stands. */
const MAX_ROUNDS = 5;

const same = (a: ProfileAnnouncement, b: ProfileAnnouncement): boolean =>
  a.username === b.username && a.displayName === b.displayName && a.isPrivate === b.isPrivate;

/**
 * Records `profile.updated` for `profile` as this request wrote it, then reads the profile again and records
 * the current state if another request changed it meanwhile. Without this, an edit and a privacy switch racing
 * could record their events in the opposite order of their writes, and the consumers (which keep the newest
 * event) would be left with a stale `isPrivate` — a private profile's posts shown to everyone.
 */
export async function announceProfile(app: UsersContext, profile: Profile): Promise<void> {
  let announced: ProfileAnnouncement = profile;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    await recordProfileUpdated(app, announced);
    const current = await app.profiles.findById(profile._id);
    // Gone: the account deletion's own event tells the consumers.
    if (!current || same(current, announced)) return;
    announced = current;
  }
}
