import { randomInt } from 'node:crypto';
import { parseObjectId } from '@devcircle/service-kit';
import { ObjectId, type ClientSession, type Collection, type Db } from 'mongodb';
import type { Account } from './account';
import { ACCOUNTS, CASE_INSENSITIVE } from './indexes';

export interface NewAccount {
  username: string;
  email: string;
  passwordHash: string;
}

/**
 * How much a token version goes up: a random positive step, so versions still only grow (a token below the
 * account's version is revoked) but nobody who learns the signing secret can guess the next one and sign
 * tokens for it in advance. Far below 2^53 even after millions of bumps.
 */
export function tokenVersionStep(): number {
  return randomInt(1, 2 ** 31);
}

/** An account id from a path or an identity: anything but 24 hex digits names no account. */
export function parseAccountId(id: string): ObjectId | undefined {
  return parseObjectId(id);
}

/**
 * Every access to the `accounts` collection. Driver errors are never caught here: "database unreachable"
 * must reach the kit's error handler to become a 503.
 */
export class AccountRepository {
  private readonly accounts: Collection<Account>;

  constructor(db: Db) {
    this.accounts = db.collection<Account>(ACCOUNTS);
  }

  findById(id: ObjectId): Promise<Account | null> {
    return this.accounts.findOne({ _id: id });
  }

  findByEmail(email: string): Promise<Account | null> {
    return this.accounts.findOne({ email }, { collation: CASE_INSENSITIVE });
  }

  findByUsername(username: string): Promise<Account | null> {
    return this.accounts.findOne({ username }, { collation: CASE_INSENSITIVE });
  }

  /** Throws the driver's duplicate-key error (11000) when the username or e-mail is taken. */
  async create(input: NewAccount, session?: ClientSession): Promise<Account> {
    const now = new Date();
    const account: Account = {
      _id: new ObjectId(),
      username: input.username,
      email: input.email,
      displayName: input.username,
      passwordHash: input.passwordHash,
      tokenVersion: 0,
      createdAt: now,
      updatedAt: now,
    };
    await this.accounts.insertOne(account, { session });
    return account;
  }

  /**
   * Sets a new password and bumps the token version (by `tokenVersionStep`) in one atomic write, only if the password is still the
   * one the caller proved to know (`expectedHash`); null when it changed in the meantime. A pending reset link
   * dies with the old password.
   */
  changePassword(id: ObjectId, expectedHash: string, newHash: string): Promise<Account | null> {
    return this.accounts.findOneAndUpdate(
      { _id: id, passwordHash: expectedHash },
      {
        $set: { passwordHash: newHash, updatedAt: new Date() },
        $inc: { tokenVersion: tokenVersionStep() },
        $unset: { passwordReset: '' },
      },
      { returnDocument: 'after' },
    );
  }

  /** Replaces any earlier reset link of the account. */
  async setPasswordReset(id: ObjectId, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.accounts.updateOne({ _id: id }, { $set: { passwordReset: { tokenHash, expiresAt } } });
  }

  findByResetToken(tokenHash: string, now: Date): Promise<Account | null> {
    return this.accounts.findOne({
      'passwordReset.tokenHash': tokenHash,
      'passwordReset.expiresAt': { $gt: now },
    });
  }

  /**
   * Uses a reset link: sets the password, removes the link and bumps the token version in one atomic write.
   * The filter repeats the token, so of two concurrent uses only one matches (single use); null otherwise.
   */
  resetPassword(id: ObjectId, tokenHash: string, now: Date, newHash: string): Promise<Account | null> {
    return this.accounts.findOneAndUpdate(
      { _id: id, 'passwordReset.tokenHash': tokenHash, 'passwordReset.expiresAt': { $gt: now } },
      {
        $set: { passwordHash: newHash, updatedAt: now },
        $inc: { tokenVersion: tokenVersionStep() },
        $unset: { passwordReset: '' },
      },
      { returnDocument: 'after' },
    );
  }

  /**
   * First step of a deletion: bump the version so the revocation can be recorded while the account still
   * exists. If the deletion then fails, a retry finds the account and finishes the job.
   */
  bumpTokenVersion(id: ObjectId): Promise<Account | null> {
    return this.accounts.findOneAndUpdate(
      { _id: id },
      { $inc: { tokenVersion: tokenVersionStep() }, $set: { updatedAt: new Date() } },
      { returnDocument: 'after' },
    );
  }

  /**
   * A moderator's suspension (issue 20): marks the account (the first time is kept) and bumps the token version in
   * one write, so the revocation recorded next ends every session. Null when there is no such account.
   */
  async suspend(id: ObjectId, at: Date): Promise<Account | null> {
    await this.accounts.updateOne(
      { _id: id, suspendedAt: { $exists: false } },
      { $set: { suspendedAt: at } },
    );
    return this.bumpTokenVersion(id);
  }

  /** The users service's display name, unless a later event's is stored already; no account, no change. */
  async setDisplayName(id: ObjectId, displayName: string, eventId: ObjectId): Promise<void> {
    await this.accounts.updateOne(
      {
        _id: id,
        $or: [{ displayNameEventId: { $exists: false } }, { displayNameEventId: { $lte: eventId } }],
      },
      { $set: { displayName, displayNameEventId: eventId, updatedAt: new Date() } },
    );
  }

  async delete(id: ObjectId): Promise<boolean> {
    const result = await this.accounts.deleteOne({ _id: id });
    return result.deletedCount === 1;
  }
}
