import { describeDuration } from './duration';
import type { MailMessage } from './mailer';

/** To a new address: the link that creates the account. */
export function confirmRegistrationMail(
  to: string,
  username: string,
  link: string,
  ttlMs: number,
): MailMessage {
  return {
    to,
    subject: 'Finish creating your DevCircle account',
    text: [
      `Hi ${username},`,
      '',
      `To finish creating your DevCircle account (username ${username}), open this link:`,
      '',
      link,
      '',
      `The link works once and expires in ${describeDuration(ttlMs)}. If you did not sign up for DevCircle, ignore this message: no account is created without it.`,
      '',
      '— DevCircle',
    ].join('\n'),
  };
}

/**
 * To the owner of an address that already has an account, instead of a link: someone (most likely the owner,
 * who forgot) tried to register it again. Nothing about the attempt is kept, and the page that sent it said the
 * same as for a new address.
 */
export function accountExistsMail(
  to: string,
  username: string,
  links: { signIn: string; forgotPassword: string },
): MailMessage {
  return {
    to,
    subject: 'You already have a DevCircle account',
    text: [
      `Hi ${username},`,
      '',
      'Someone tried to create a DevCircle account with this email address, which already has one (yours).',
      '',
      `If it was you, sign in instead: ${links.signIn}`,
      `Forgot your password? Choose a new one here: ${links.forgotPassword}`,
      '',
      'If it was not you, ignore this message: nothing has changed on your account.',
      '',
      '— DevCircle',
    ].join('\n'),
  };
}
