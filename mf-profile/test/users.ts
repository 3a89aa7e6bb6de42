import type { ProfileEdit, PublicUser } from '@devcircle/contracts';
import type { DevCircleSdk } from '@devcircle/sdk';
import type { WebBackend } from './harness';
import type { ProfileResponse } from '../src/features/users/types';

/** The signed-in user's account id. */
export function idOf(sdk: DevCircleSdk): string {
  const user = sdk.auth.getState().user;
  if (!user) throw new Error('Not signed in');
  return user.id;
}

/**
 * A new signed-in user whose profile already exists: their first call to the users service creates it from
 * their identity, so others can find them at once (no waiting on the registration event).
 */
export async function signUpWithProfile(backend: WebBackend, username: string): Promise<DevCircleSdk> {
  const sdk = await backend.signUp(username);
  await sdk.api.get(`/api/users/${username}`);
  return sdk;
}

/** The profile as the server now has it, seen by `sdk`. */
export function profileOf(sdk: DevCircleSdk, username: string): Promise<ProfileResponse> {
  return sdk.api.get<ProfileResponse>(`/api/users/${username}`);
}

export function editProfile(sdk: DevCircleSdk, edit: Partial<ProfileEdit>): Promise<PublicUser> {
  return sdk.api.put<PublicUser>(`/api/users/${idOf(sdk)}`, edit);
}

export function setPrivate(sdk: DevCircleSdk, isPrivate: boolean): Promise<unknown> {
  return sdk.api.put(`/api/users/${idOf(sdk)}/privacy`, { isPrivate });
}

export function follow(sdk: DevCircleSdk, username: string): Promise<unknown> {
  return sdk.api.put(`/api/users/${username}/follow`);
}

/** Publishes `count` posts 'Post 1' … 'Post N' one after another (so 'Post N' is the newest). */
export async function publishMany(sdk: DevCircleSdk, count: number, prefix = 'Post'): Promise<void> {
  for (let index = 1; index <= count; index += 1) {
    await sdk.api.post('/api/posts', { content: `${prefix} ${index}` });
  }
}
