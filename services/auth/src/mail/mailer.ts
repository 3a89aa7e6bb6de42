/** What a mailer sends; the two kinds (smtp.ts, outbox.ts) and create-mailer.ts, which picks one, import it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. RFC 8058's `List-Unsubscribe` and `List-Unsubscribe-Post` on notification mail. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** `smtp` delivers; `outbox` only writes files, so whoever runs it reads links from the log. */
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}
