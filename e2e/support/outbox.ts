import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { isTo, parseMail, type OutboxMail } from '@devcircle/service-test-kit/outbox';
import { DATA_DIR } from '../playwright.config';

/** The app's mailed links: where a password reset and a registration's confirmation lead. */
export const LINKS = { reset: '/reset-password', registration: '/register/confirm' } as const;

/**
 * One outbox file, parsed as the unit tests' reader parses it: its body decoded (quoted-printable), its headers as
 * written (decoding them too turned a `List-Unsubscribe` token's `=47…` into `G…`).
 */
async function readMail(outbox: string, file: string): Promise<OutboxMail> {
  return parseMail(file, await readFile(path.join(outbox, file), 'utf8'));
}

/** The outbox's files now: pass them as `seen` to wait for a mail that comes after. */
export async function outboxFiles(): Promise<string[]> {
  return readdir(path.join(DATA_DIR, 'outbox')).catch(() => [] as string[]);
}

/**
 * The path and query of the newest link to `appPath` mailed to `email` (`/reset-password?token=…`), waiting for it:
 * without SMTP, auth writes its mail to `DATA_DIR/outbox`, a moment after it has answered. Files in `seen` (taken
 * before the request that mails) are skipped, so an older link to the same address is never taken for the new one.
 */
export async function mailedLinkFor(email: string, appPath: string, seen: string[] = []): Promise<string> {
  const outbox = path.join(DATA_DIR, 'outbox');
  const skip = new Set(seen);
  const pattern = new RegExp(`${appPath.replace(/\//g, '\\/')}\\?token=[\\w-]+`);
  let link = '';
  await expect
    .poll(
      async () => {
        const files = (await outboxFiles())
          .filter((file) => !skip.has(file))
          .sort()
          .reverse();
        for (const file of files) {
          const mail = await readMail(outbox, file);
          if (!isTo(mail, email)) continue;
          const match = pattern.exec(mail.text);
          if (match) return (link = match[0]);
        }
        return '';
      },
      { timeout: 10_000, intervals: [50] },
    )
    .not.toBe('');
  return link;
}

/** The text of the newest mail to `email` that contains `text`, waiting for it. */
export async function mailTo(email: string, text: string): Promise<string> {
  const outbox = path.join(DATA_DIR, 'outbox');
  let found = '';
  await expect
    .poll(
      async () => {
        const files = (await readdir(outbox).catch(() => [] as string[])).sort().reverse();
        for (const file of files) {
          const mail = await readMail(outbox, file);
          if (isTo(mail, email) && mail.text.includes(text)) return (found = mail.text);
        }
        return '';
      },
      { timeout: 10_000, intervals: [50] },
    )
    .not.toBe('');
  return found;
}

/** The password-reset link from the newest reset mail to `email`. */
export const resetLinkFor = (email: string): Promise<string> => mailedLinkFor(email, LINKS.reset);

/** The link that finishes a registration, from the newest such mail to `email`. */
export const registrationLinkFor = (email: string, seen: string[] = []): Promise<string> =>
  mailedLinkFor(email, LINKS.registration, seen);

/** The token a link carries. */
export const tokenOfLink = (link: string): string =>
  new URL(link, 'http://localhost').searchParams.get('token') ?? '';
