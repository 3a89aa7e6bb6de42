import { describeDuration } from './duration';
import type { MailMessage } from './mailer';

export function resetPasswordMail(to: string, username: string, link: string, ttlMs: number): MailMessage {
  const validFor = describeDuration(ttlMs);
  return {
    to,
    subject: 'Reset your DevCircle password',
    text: [
      `Hi ${username},`,
      '',
      'Someone asked to reset the password of your DevCircle account. To choose a new one, open this link:',
      '',
      link,
      '',
      `The link works once and expires in ${validFor}. If you did not ask for it, ignore this message: your password stays as it is.`,
      '',
      '— DevCircle',
    ].join('\n'),
  };
}
