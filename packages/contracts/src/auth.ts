/**
 * What auth answers a registration (services/auth/README.md): never whether the address already has an account.
 * The account is created only from the mailed link, by `POST /api/auth/register/confirm`, which answers the
 * session (`{ token, user }`) as a sign-in does.
 */

/** `POST /api/auth/register` (202): the same answer for a new address and a taken one. */
export interface RegistrationPending {
  message: string;
}

export const REGISTRATION_PENDING_MESSAGE =
  'Check your inbox: we sent you a link to finish creating your account.';

/** The 400 of a confirmation link that is unknown, used up or expired. */
export const REGISTRATION_LINK_INVALID = 'This link is invalid or has expired.';
