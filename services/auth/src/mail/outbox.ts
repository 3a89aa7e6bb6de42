import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '@devcircle/service-kit';
import { createTransport } from 'nodemailer';
import type { Mailer, MailMessage } from './mailer';

/**
 * Without SMTP every message becomes an `.eml` file (the full RFC 822 message nodemailer would have sent) in
 * the outbox folder, readable by any mail client. Files are private to the user: they hold reset links.
 */
export class OutboxMailer implements Mailer {
  readonly kind = 'outbox';
  private readonly transport: ReturnType<typeof createTransport>;

  constructor(
    private readonly dir: string,
    from: string,
    private readonly logger: Logger,
  ) {
    this.transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from });
  }

  async send(message: MailMessage): Promise<void> {
    const info = (await this.transport.sendMail(message)) as { message: Buffer };
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    // A sortable time first, then randomness so two messages in the same millisecond never collide.
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(this.dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
    await writeFile(file, info.message, { mode: 0o600, flag: 'wx' });
    this.logger.info({ file, subject: message.subject }, 'mail written to the outbox');
  }
}
