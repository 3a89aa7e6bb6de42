import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { DATA_DIR } from '../playwright.config';

/** The password-reset link from the newest mail to `email` in the outbox (mail without SMTP lands there). */
export async function resetLinkFor(email: string): Promise<string> {
  const outbox = path.join(DATA_DIR, 'outbox');
  let link = '';
  await expect
    .poll(
      async () => {
        const files = (await readdir(outbox).catch(() => [] as string[])).sort();
        for (const file of files.reverse()) {
          const mail = (await readFile(path.join(outbox, file), 'utf8')).replace(/=\r?\n/g, '');
          if (!mail.toLowerCase().includes(email.toLowerCase())) continue;
          const match = /(\/reset-password\?token=(?:3D)?[\w-]+)/.exec(mail);
          if (match) link = match[1].replace('token=3D', 'token=');
          return link;
        }
        return '';
      },
      { timeout: 10_000 },
    )
    .not.toBe('');
  return link;
}
