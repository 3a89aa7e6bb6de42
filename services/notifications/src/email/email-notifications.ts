import { EMAIL_KINDS, type EmailKind } from '@devcircle/contracts';
import type { ServiceDeps } from '@devcircle/service-kit';
import type { Db, ObjectId } from 'mongodb';
import type { NotificationsSettings } from '../config';
import type { NotificationDoc } from '../notifications/notification';
import type { PeopleRepository } from '../people/repository';
import { AuthMailClient } from './auth-mail-client';
import { DigestSender, TYPE_OF_KIND } from './digest-sender';
import { DigestRepository, ensureDigestIndexes } from './digests';
import { EmailPreferencesRepository } from './preferences';
import {
  ensureUnsubscribeTokenIndexes,
  UnsubscribeTokenRepository,
  type TokenUse,
} from './unsubscribe-tokens';

export async function ensureEmailIndexes(db: Db): Promise<void> {
  await ensureDigestIndexes(db);
  await ensureUnsubscribeTokenIndexes(db);
}

const kindOf = (doc: NotificationDoc): EmailKind | undefined =>
  EMAIL_KINDS.find((kind) => TYPE_OF_KIND[kind] === doc.type);

/**
 * E-mail notifications (issue 20, docs/email.md): the members' switches, the digests made from the notifications
 * this service actually stored (so whatever it does not notify, e.g. from a blocked or muted member, is never
 * mailed either), and the one-use unsubscribe links.
 */
export class EmailNotifications {
  readonly preferences: EmailPreferencesRepository;
  readonly digests: DigestRepository;
  readonly tokens: UnsubscribeTokenRepository;
  readonly sender: DigestSender;

  constructor(
    private readonly deps: ServiceDeps,
    settings: NotificationsSettings,
    people: PeopleRepository,
  ) {
    this.preferences = new EmailPreferencesRepository(deps.db);
    this.digests = new DigestRepository(deps.db, settings.digestWindowMs);
    this.tokens = new UnsubscribeTokenRepository(deps.db);
    this.sender = new DigestSender({
      db: deps.db,
      logger: deps.logger,
      digests: this.digests,
      preferences: this.preferences,
      tokens: this.tokens,
      people,
      auth: new AuthMailClient(settings.authUrl, deps.config.internalSecret, settings.upstreamTimeoutMs),
      publicUrl: settings.publicUrl,
      windowMs: settings.digestWindowMs,
    });
  }

  /**
   * Notifications just stored: each recipient who wants e-mail of that kind gets its digest scheduled (sent at
   * once when the window allows). Never throws: a notification stays made whatever happens to its e-mail, and
   * its consumer must not retry (the retry would find it made and schedule nothing); a failure is logged.
   */
  async noticeAll(docs: NotificationDoc[]): Promise<void> {
    const oldestOf = new Map<string, { userId: ObjectId; kind: EmailKind; id: ObjectId }>();
    for (const doc of docs) {
      const kind = kindOf(doc);
      if (!kind) continue;
      const key = `${doc.userId.toHexString()}:${kind}`;
      const known = oldestOf.get(key);
      if (!known || doc._id.toHexString() < known.id.toHexString())
        oldestOf.set(key, { userId: doc.userId, kind, id: doc._id });
    }
    if (oldestOf.size === 0) return;
    try {
      // One read for every recipient's switches, one read and one write for the digests of those who want them.
      const wanted = await this.preferences.ofMany([...oldestOf.values()].map(({ userId }) => userId));
      const due = await this.digests.scheduleMany(
        [...oldestOf.values()]
          .filter(({ userId, kind }) => wanted.get(userId.toHexString())?.[kind])
          .map(({ userId, kind, id }) => ({ userId, kind, notificationId: id })),
      );
      for (const dueAt of due.values()) if (dueAt) this.sender.wake(dueAt);
    } catch (err) {
      this.deps.logger.error({ err }, 'e-mail digests not scheduled');
    }
  }

  /** A link from a digest: turns its kind off for its member, once. */
  async unsubscribe(token: string): Promise<TokenUse> {
    const use = await this.tokens.use(token);
    if (use.outcome === 'used-now') await this.preferences.set(use.userId, { [use.kind]: false });
    return use;
  }

  /** An account deletion: its switches, digests and links go. */
  async forget(userId: ObjectId): Promise<void> {
    await this.preferences.forget(userId);
    await this.digests.forget(userId);
    await this.tokens.forget(userId);
  }
}
