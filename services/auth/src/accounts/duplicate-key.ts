import { MongoServerError } from 'mongodb';

export type UniqueField = 'username' | 'email';

/**
 * Which unique field a duplicate-key error (11000) is about, from the index's key pattern, or from the index
 * name in the message for servers that send no key pattern. Undefined for anything else.
 */
export function duplicateField(err: unknown): UniqueField | undefined {
  if (!(err instanceof MongoServerError) || err.code !== 11000) return undefined;
  const keyPattern = (err as { keyPattern?: Record<string, unknown> }).keyPattern;
  if (keyPattern) {
    if ('username' in keyPattern) return 'username';
    if ('email' in keyPattern) return 'email';
  }
  if (/index: username_/.test(err.message)) return 'username';
  if (/index: email_/.test(err.message)) return 'email';
  return undefined;
}
