import type { EmailKind } from '@devcircle/contracts';
import type { Logger } from '@devcircle/service-kit';
import type { Db, ObjectId } from 'mongodb';
import type { PeopleRepository } from '../people/repository';
import { NOTIFICATIONS, type NotificationDoc, type NotificationType } from '../notifications/notification';
import type { AuthMailClient } from './auth-mail-client';
import { digestMail, LISTED_IN_DIGEST } from './digest-mail';
import type { DigestDoc, DigestRepository } from './digests';
import type { EmailPreferencesRepository } from './preferences';
import type { UnsubscribeTokenRepository } from './unsubscribe-tokens';

/** The notification type each kind of e-mail tells of. */
export const TYPE_OF_KIND: Record<EmailKind, NotificationType> = { followers: 'follow', comments: 'comment' };

/**
 * Without any wake-up, an instance still looks this often (or once a window, if shorter), for digests another
 * instance scheduled and then died before sending. One indexed query; not a tight poll.
 */
const LOOK_AGAIN_MS = 60_000;
/** A failed send is tried again this much later (auth or SMTP down). */
const RETRY_MS = 60_000;

export interface DigestSenderDeps {
  db: Db;
  logger: Logger;
  digests: DigestRepository;
  preferences: EmailPreferencesRepository;
  tokens: UnsubscribeTokenRepository;
  people: PeopleRepository;
  auth: AuthMailClient;
  publicUrl: string;
  windowMs: number;
}

/**
 * Sends the due digests. One timer per instance, set for the next due time (its own schedules wake it sooner);
 * each digest is claimed atomically (DigestRepository.claimDue), so with several instances each goes once.
 */
export class DigestSender {
  private timer: NodeJS.Timeout | null = null;
  private timerAt = Infinity;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(private readonly deps: DigestSenderDeps) {}

  start(): void {
    this.stopped = false;
    this.wake(new Date());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Makes sure this instance looks at `at` (or sooner). */
  wake(at: Date): void {
    if (this.stopped) return;
    const when = at.getTime();
    if (when >= this.timerAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = when;
    this.timer = setTimeout(() => this.run(), Math.max(0, when - Date.now()));
    this.timer.unref();
  }

  /** Sends everything due now, then sets the timer for what is due next. Resolves when that is done. */
  run(): Promise<void> {
    this.timer = null;
    this.timerAt = Infinity;
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.sendDue();
      } while (this.again && !this.stopped);
      const next = await this.deps.digests.nextDue().catch(() => null);
      const lookAgain = Date.now() + Math.min(LOOK_AGAIN_MS, this.deps.windowMs);
      this.wake(new Date(Math.min(next?.getTime() ?? Infinity, lookAgain)));
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async sendDue(): Promise<void> {
    while (!this.stopped) {
      let digest: DigestDoc | null;
      try {
        digest = await this.deps.digests.claimDue();
      } catch (err) {
        this.deps.logger.warn({ err }, 'could not look for due e-mail digests');
        return;
      }
      if (!digest) return;
      try {
        await this.send(digest);
      } catch (err) {
        this.deps.logger.error({ err, digest: digest._id }, 'e-mail digest failed; trying again later');
        await this.deps.digests.release(digest, new Date(Date.now() + RETRY_MS)).catch(() => undefined);
      }
    }
  }

  /** One claimed digest: what arrived since `fromId` that is still there, if the member still wants it. */
  private async send(digest: DigestDoc): Promise<void> {
    const { digests, preferences, tokens, auth } = this.deps;
    const type = TYPE_OF_KIND[digest.kind];
    const filter = {
      userId: digest.userId,
      removed: false,
      type,
      ...(digest.fromId ? { _id: { $gte: digest.fromId } } : {}),
    };
    const notifications = this.deps.db.collection<NotificationDoc>(NOTIFICATIONS);
    // A digest is always scheduled with the notification it starts from; without one there is nothing to tell.
    const wanted = digest.fromId !== null && (await preferences.wants(digest.userId, digest.kind));
    const newest = wanted
      ? await notifications.find(filter).sort({ _id: -1 }).limit(LISTED_IN_DIGEST).toArray()
      : [];
    if (newest.length === 0) {
      // Turned off meanwhile, or what it would tell of is gone (a deleted comment): nothing to say.
      await digests.complete(digest, null);
      return;
    }
    const total = await notifications.countDocuments(filter);
    const token = await tokens.issue(digest.userId, digest.kind);
    const mail = digestMail({
      kind: digest.kind,
      recipientName: await this.recipientName(digest.userId),
      newest,
      total,
      publicUrl: this.deps.publicUrl,
      unsubscribeUrl: `${this.deps.publicUrl}/unsubscribe?token=${token}`,
    });
    const sent = await auth.send(digest.userId, mail);
    if (sent.outcome === 'failed') throw new Error(`auth did not send the mail: ${sent.detail ?? ''}`);
    const sentAt = new Date();
    await digests.complete(digest, sent.outcome === 'sent' ? sentAt : null);
    if (sent.outcome === 'no-account') return;
    this.deps.logger.info({ digest: digest._id, total }, 'e-mail digest sent');
    // What arrived while it was being sent waits for the next window.
    const newer = await notifications.findOne(
      { userId: digest.userId, removed: false, type, _id: { $gt: newest[0]!._id } },
      { sort: { _id: 1 } },
    );
    if (newer) {
      const dueAt = await digests.schedule(digest.userId, digest.kind, newer._id);
      if (dueAt) this.wake(dueAt);
    }
  }

  private async recipientName(userId: ObjectId): Promise<string> {
    const person = (await this.deps.people.findMany([userId])).get(userId.toHexString());
    return person?.displayName || person?.username || 'there';
  }
}
