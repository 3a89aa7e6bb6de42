import { createTransport } from 'nodemailer';
import type { Mailer, MailMessage } from './mailer';

/**
 * Bounded waits: mail is sent one message at a time after the response, so a server that stops answering must
 * not hold the queue for nodemailer's default ten minutes. Options in the URL's query string still win.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export class SmtpMailer implements Mailer {
  readonly kind = 'smtp';
  private readonly transport: ReturnType<typeof createTransport>;

  constructor(url: string, from: string) {
    this.transport = createTransport({ url, ...TIMEOUTS }, { from });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail(message);
  }
}
