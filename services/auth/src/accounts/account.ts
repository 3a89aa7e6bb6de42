import type { AccountUser } from '@devcircle/contracts';
import type { ObjectId } from 'mongodb';

/** A pending password reset: only the sha256 of the token is kept, so a database leak cannot reset anyone. */
export interface PasswordReset {
  tokenHash: string;
  expiresAt: Date;
}

/** One document of the `accounts` collection: the credentials auth owns. */
export interface Account {
  _id: ObjectId;
  username: string;
  email: string;
  displayName: string;
  passwordHash: string;
  /** Goes up on every password change, reset and deletion; tokens carry it as `tv`. */
  tokenVersion: number;
  createdAt: Date;
  updatedAt: Date;
  /** At most one per account, so a new request replaces (invalidates) the previous link. */
  passwordReset?: PasswordReset;
  /** The `profile.updated` event `displayName` comes from, so an older one handled later changes nothing. */
  displayNameEventId?: ObjectId;
  /** When a moderator suspended the account (issue 20, docs/moderation.md): it can no longer sign in. */
  suspendedAt?: Date;
}

/** The user object of the API: the contract's `AccountUser` (`id` and `_id` both, dates as ISO strings). */
export type UserView = AccountUser;

export function toUserView(account: Account): UserView {
  const id = account._id.toHexString();
  return {
    id,
    _id: id,
    username: account.username,
    email: account.email,
    displayName: account.displayName || account.username,
    createdAt: account.createdAt.toISOString(),
  };
}
