import { REGISTRATION_LINK_INVALID } from '@devcircle/contracts';
import { conflict, HttpError } from '@devcircle/service-kit';
import type { UniqueField } from '../accounts/duplicate-key';

const TAKEN: Record<UniqueField, string> = {
  username: 'Username is already taken',
  email: 'An account with this email already exists',
};

export function alreadyTaken(field: UniqueField): HttpError {
  return conflict(TAKEN[field], [{ field, message: TAKEN[field] }]);
}

/**
 * A registration link whose username or address got its account between the registration and the click. The
 * one who clicked owns the mailbox (the link came there), so saying the address has an account reveals nothing.
 */
const TAKEN_BEFORE_CONFIRMING: Record<UniqueField, string> = {
  username: 'Someone took this username before you confirmed. Please register again with another one.',
  email: 'An account with this email already exists. Sign in, or reset your password if you forgot it.',
};

export function takenBeforeConfirming(field: UniqueField): HttpError {
  const message = TAKEN_BEFORE_CONFIRMING[field];
  return conflict(message, [{ field, message }]);
}

export const invalidRegistrationLink = (): HttpError =>
  new HttpError(400, REGISTRATION_LINK_INVALID, { code: 'INVALID_REGISTRATION_TOKEN' });

/** One message for an unknown address and a wrong password, so sign-in does not reveal who is registered. */
export const invalidCredentials = (): HttpError =>
  new HttpError(401, 'Invalid email or password', { code: 'INVALID_CREDENTIALS' });

/** Told only to whoever gave the right password, so it reveals nothing to anyone else (docs/moderation.md). */
export const ACCOUNT_SUSPENDED = 'This account is suspended.';
export const accountSuspended = (): HttpError =>
  new HttpError(403, ACCOUNT_SUSPENDED, { code: 'ACCOUNT_SUSPENDED' });

export const RESET_LINK_INVALID = 'Reset link is invalid or has expired.';
export const invalidResetLink = (): HttpError =>
  new HttpError(400, RESET_LINK_INVALID, { code: 'INVALID_RESET_TOKEN' });
