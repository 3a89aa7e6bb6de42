import { LOGS, recordEvent } from '@devcircle/service-kit';
import type { Db, ObjectId } from 'mongodb';
import type { Account } from '../accounts/account';

/**
 * `account.registered`, right after the account insert (no transaction ties them: a crash in between loses
 * the event, and the users service creates the profile on the user's first call instead). `createdAt` is the
 * account's.
 */
export function recordAccountRegistered(db: Db, account: Account): Promise<ObjectId> {
  return recordEvent(db, LOGS.accounts, {
    type: 'account.registered',
    userId: account._id,
    username: account.username,
    displayName: account.displayName,
    createdAt: account.createdAt,
  });
}
