import { conflict, HttpError } from '@devcircle/service-kit';
import type { UniqueField } from '../accounts/duplicate-key';

const TAKEN: Record<UniqueField, string> = {
  username: 'Username is already taken',
  email: 'An account with this email already exists',
};

export function alreadyTaken(field: UniqueField): HttpError {
  return conflict(TAKEN[field], [{ field, message: TAKEN[field] }]);
}

/** One message for an unknown address and a wrong password, so sign-in does not reveal who is registered. */
export const invalidCredentials = (): HttpError =>
  new HttpError(401, 'Invalid email or password', { code: 'INVALID_CREDENTIALS' });

export const RESET_LINK_INVALID = 'Reset link is invalid or has expired.';
export const invalidResetLink = (): HttpError =>
  new HttpError(400, RESET_LINK_INVALID, { code: 'INVALID_RESET_TOKEN' });
