import {
  DEFAULT_EMAIL_PREFERENCES,
  type EmailKind,
  type EmailPreferences,
  type EmailPreferencesAnswer,
} from '@devcircle/contracts';
import type { Collection, Db, ObjectId } from 'mongodb';

/** One member's e-mail switches; no document while the member has never chosen (the spec's defaults hold). */
interface PreferencesDoc {
  _id: ObjectId;
  followers: boolean;
  comments: boolean;
  updatedAt: Date;
}

export const EMAIL_PREFERENCES = 'email_preferences';

/** Every access to `email_preferences`, keyed by the member's id (one small document each, no other index). */
export class EmailPreferencesRepository {
  private readonly preferences: Collection<PreferencesDoc>;

  constructor(db: Db) {
    this.preferences = db.collection<PreferencesDoc>(EMAIL_PREFERENCES);
  }

  async get(userId: ObjectId): Promise<EmailPreferencesAnswer> {
    const doc = await this.preferences.findOne({ _id: userId });
    if (!doc) return { ...DEFAULT_EMAIL_PREFERENCES, saved: false };
    return { followers: doc.followers, comments: doc.comments, saved: true };
  }

  /** Sets the given switches (the others keep their value, or the default on a first save). */
  async set(userId: ObjectId, change: Partial<Record<EmailKind, boolean>>): Promise<EmailPreferencesAnswer> {
    const defaults: Partial<Record<EmailKind, boolean>> = {};
    for (const [kind, value] of Object.entries(DEFAULT_EMAIL_PREFERENCES) as [EmailKind, boolean][])
      if (change[kind] === undefined) defaults[kind] = value;
    const doc = await this.preferences.findOneAndUpdate(
      { _id: userId },
      { $set: { ...change, updatedAt: new Date() }, $setOnInsert: defaults },
      { upsert: true, returnDocument: 'after' },
    );
    return { followers: doc?.followers ?? true, comments: doc?.comments ?? true, saved: true };
  }

  async wants(userId: ObjectId, kind: EmailKind): Promise<boolean> {
    return (await this.get(userId))[kind];
  }

  /** The switches of several members at once (one query): by hex id, the defaults for those who never chose. */
  async ofMany(userIds: ObjectId[]): Promise<Map<string, EmailPreferences>> {
    const docs = await this.preferences.find({ _id: { $in: userIds } }).toArray();
    const saved = new Map(docs.map((doc) => [doc._id.toHexString(), doc]));
    return new Map(
      userIds.map((id) => {
        const doc = saved.get(id.toHexString());
        return [
          id.toHexString(),
          doc ? { followers: doc.followers, comments: doc.comments } : DEFAULT_EMAIL_PREFERENCES,
        ];
      }),
    );
  }

  /** An account deletion takes its switches with it. */
  async forget(userId: ObjectId): Promise<void> {
    await this.preferences.deleteOne({ _id: userId });
  }
}
