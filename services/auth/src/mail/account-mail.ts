import type { AccountMailRequest } from '@devcircle/contracts';
import type { MailMessage } from './mailer';

/**
 * Another service's message to an account (`POST /internal/accounts/:id/mail`), addressed here because only auth
 * knows the address. One-click unsubscribe per RFC 8058: a mail client POSTs `List-Unsubscribe=One-Click` to the
 * URL, which needs no sign-in.
 */
export function accountMail(to: string, request: AccountMailRequest): MailMessage {
  return {
    to,
    subject: request.subject,
    text: request.text,
    html: request.html,
    headers: {
      'List-Unsubscribe': `<${request.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
