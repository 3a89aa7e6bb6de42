import type { ApiClient } from '@devcircle/sdk';

/** §8 fallback texts: what the screen says when the server sends no message of its own. */
export const PASSWORD_FAILURE_MESSAGE = 'Failed to update password.';
export const PASSWORD_SUCCESS_FALLBACK = 'Password updated successfully.';
export const PRIVACY_FAILURE_MESSAGE = 'Failed to update privacy. Check your connection and try again.';
export const PRIVACY_LOAD_FAILURE_MESSAGE = 'Failed to load your privacy setting.';
export const DELETE_FAILURE_MESSAGE = 'Failed to delete account. Please try again.';

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Auth's answer to a password change: the old token is revoked and `token` replaces it. */
export interface PasswordChangeReply {
  message?: unknown;
  token?: unknown;
}

const userPath = (id: string) => `/api/users/${encodeURIComponent(id)}`;

/** `PUT /api/users/:id/password` (auth service). */
export function changePassword(api: ApiClient, userId: string, change: PasswordChange) {
  return api.put<PasswordChangeReply | undefined>(`${userPath(userId)}/password`, change, {
    fallbackMessage: PASSWORD_FAILURE_MESSAGE,
  });
}

/** The own profile's `isPrivate` (`GET /api/users/:username`); a missing value reads as public. */
export async function fetchIsPrivate(
  api: ApiClient,
  username: string,
  signal?: AbortSignal,
): Promise<boolean> {
  const reply = await api.get<{ user?: { isPrivate?: unknown } } | undefined>(
    `/api/users/${encodeURIComponent(username)}`,
    { fallbackMessage: PRIVACY_LOAD_FAILURE_MESSAGE, signal },
  );
  return reply?.user?.isPrivate === true;
}

/** `PUT /api/users/:id/privacy {isPrivate}`; answers the value the server now holds. */
export async function updatePrivacy(api: ApiClient, userId: string, isPrivate: boolean): Promise<boolean> {
  const reply = await api.put<{ isPrivate?: unknown } | undefined>(
    `${userPath(userId)}/privacy`,
    { isPrivate },
    { fallbackMessage: PRIVACY_FAILURE_MESSAGE },
  );
  return typeof reply?.isPrivate === 'boolean' ? reply.isPrivate : isPrivate;
}

/** `DELETE /api/users/:id`: the profile, posts, comments, likes, follows and the account itself. */
export function deleteAccount(api: ApiClient, userId: string) {
  return api.delete<unknown>(userPath(userId), { fallbackMessage: DELETE_FAILURE_MESSAGE });
}
