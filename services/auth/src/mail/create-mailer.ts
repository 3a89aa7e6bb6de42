import type { Logger } from '@devcircle/service-kit';
import type { Mailer } from './mailer';
import { OutboxMailer } from './outbox';
import { SmtpMailer } from './smtp';

export interface MailSettings {
  smtpUrl?: string;
  mailFrom: string;
  /** `<DATA_DIR>/outbox` */
  outboxDir: string;
}

/** SMTP when it is configured; otherwise the outbox folder, so the reset flow works on one machine. */
export function createMailer(settings: MailSettings, logger: Logger): Mailer {
  return settings.smtpUrl
    ? new SmtpMailer(settings.smtpUrl, settings.mailFrom)
    : new OutboxMailer(settings.outboxDir, settings.mailFrom, logger);
}
