import type { ProfileEdit } from '@devcircle/contracts';
import type { DevCircleSdk } from '@devcircle/sdk';
import type { WebBackend } from './harness';

export type ProfileFields = Partial<Pick<ProfileEdit, 'displayName' | 'bio' | 'skills'>>;

/**
 * Registers `username` and saves their profile through the users API (PUT /api/users/:id), as they would on
 * Edit profile. The save also makes sure the profile exists now, not only once the users service has handled
 * auth's `account.registered` event (a poll away), so a search right after finds them.
 */
export async function developer(
  backend: WebBackend,
  username: string,
  profile: ProfileFields = {},
): Promise<DevCircleSdk> {
  const sdk = await backend.signUp(username);
  await sdk.api.put(`/api/users/${sdk.auth.getState().user!.id}`, profile);
  return sdk;
}
