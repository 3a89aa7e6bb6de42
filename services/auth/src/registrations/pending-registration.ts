import type { ObjectId } from 'mongodb';

/**
 * A registration waiting for its e-mail to be confirmed: everything the account will be made of, kept until the
 * mailed link is opened or `expiresAt` passes. Only the link's hash is stored, like a reset link's. An address
 * may have several (each registration attempt mails its own link); the first confirmed makes the account and the
 * others die with it.
 */
export interface PendingRegistration {
  _id: ObjectId;
  tokenHash: string;
  username: string;
  /** As typed at registration: the account keeps this spelling. */
  email: string;
  /** bcrypt, made at registration: the password never waits anywhere in plain text. */
  passwordHash: string;
  createdAt: Date;
  expiresAt: Date;
}
