import { unauthorized, type Caller } from '@devcircle/service-kit';
import type { UsersContext } from '../context';
import { accountDeleted } from '../deletion/delete-account';
import type { Profile } from './profile';

/**
 * The caller's own profile. Normally created from auth's `account.registered`; should the caller get here
 * before that event is handled, it is created from the identity (username as display name). An account whose
 * deletion is recorded gets none back (a request with a token from before the deletion): 401.
 */
export async function ownProfile(app: UsersContext, caller: Caller): Promise<Profile> {
  const existing = await app.profiles.findById(caller.id);
  if (existing) return existing;
  if (await accountDeleted(app, caller.id)) throw unauthorized('Account not found');
  return app.profiles.createIfMissing({ _id: caller.id, username: caller.username });
}
