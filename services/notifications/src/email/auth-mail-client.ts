import type { AccountMailRequest } from '@devcircle/contracts';
import { internalHeaders } from '@devcircle/service-kit';
import type { ObjectId } from 'mongodb';

/** What auth did with a mail: sent, no such account (deleted meanwhile), or failed (try again later). */
export type MailOutcome = 'sent' | 'no-account' | 'failed';

/**
 * `POST /internal/accounts/:id/mail` on auth, which owns members' addresses and the mailer (SMTP or the outbox):
 * the address never leaves auth. docs/email.md says why this and not a shared mailer.
 */
export class AuthMailClient {
  constructor(
    private readonly authUrl: string,
    private readonly internalSecret: string,
    private readonly timeoutMs: number,
  ) {}

  async send(userId: ObjectId, mail: AccountMailRequest): Promise<{ outcome: MailOutcome; detail?: string }> {
    const url = `${this.authUrl}/internal/accounts/${userId.toHexString()}/mail`;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { ...internalHeaders(this.internalSecret), 'content-type': 'application/json' },
        body: JSON.stringify(mail),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const body = await response.text();
      if (response.ok) return { outcome: 'sent' };
      if (response.status === 404) return { outcome: 'no-account' };
      return { outcome: 'failed', detail: `${response.status} ${body.slice(0, 200)}` };
    } catch (err) {
      return {
        outcome: 'failed',
        detail: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
      };
    }
  }
}
