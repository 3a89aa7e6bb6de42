import { LOGS, recordEvent } from '@devcircle/service-kit';
import type { ClientSession, Db, ObjectId } from 'mongodb';
import type { Account } from '../accounts/account';

/** `account.registered`, in the transaction that inserts the account (both commit, or neither). */
export function recordAccountRegistered(db: Db, account: Account, session: ClientSession): Promise<ObjectId> {
  return recordEvent(
    db,
    LOGS.accounts,
    {
      type: 'account.registered',
      userId: account._id,
      username: account.username,
      displayName: account.displayName,
      createdAt: account.createdAt,
    },
    { session },
  );
}
