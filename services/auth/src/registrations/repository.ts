import { ObjectId, type Collection, type Db } from 'mongodb';
import { CASE_INSENSITIVE } from '../accounts/indexes';
import { PENDING_REGISTRATIONS } from './indexes';
import type { PendingRegistration } from './pending-registration';

export interface NewPendingRegistration {
  tokenHash: string;
  username: string;
  email: string;
  passwordHash: string;
  expiresAt: Date;
}

/**
 * Every access to `pending_registrations`. Driver errors are never caught here: "database unreachable" must reach
 * the kit's error handler to become a 503.
 */
export class PendingRegistrationRepository {
  private readonly pending: Collection<PendingRegistration>;

  constructor(db: Db) {
    this.pending = db.collection<PendingRegistration>(PENDING_REGISTRATIONS);
  }

  async create(input: NewPendingRegistration): Promise<void> {
    await this.pending.insertOne({ _id: new ObjectId(), createdAt: new Date(), ...input });
  }

  /**
   * Uses a link up: removes and answers its registration in one atomic step, so of two concurrent uses only one
   * gets it. Null when the token is unknown, already used or expired.
   */
  take(tokenHash: string, now: Date): Promise<PendingRegistration | null> {
    return this.pending.findOneAndDelete({ tokenHash, expiresAt: { $gt: now } });
  }

  /** Gives a taken registration back (its account could not be written for a reason that is not the link's). */
  async restore(registration: PendingRegistration): Promise<void> {
    await this.pending.insertOne(registration);
  }

  /** The address has its account now: its other links must not make a second one. */
  async deleteForEmail(email: string): Promise<void> {
    await this.pending.deleteMany({ email }, { collation: CASE_INSENSITIVE });
  }
}
