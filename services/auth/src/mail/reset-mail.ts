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

function describeDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes >= 120 && minutes % 60 === 0) return `${minutes / 60} hours`;
  if (minutes === 60) return '1 hour';
  if (minutes >= 1) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return `${Math.max(1, Math.round(ms / 1000))} seconds`;
}
