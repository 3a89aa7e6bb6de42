import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** One message auth wrote to its outbox folder (`<DATA_DIR>/outbox`, mail without SMTP). */
export interface OutboxMail {
  file: string;
  /** The `To:` header as written (nodemailer lower-cases the domain). */
  to: string;
  subject: string;
  /** The whole message, its body with the quoted-printable encoding undone, so links read as they were sent. */
  text: string;
}

/**
 * Undoes quoted-printable: soft line breaks, and `=XX` escapes (`=` itself is written `=3D`). The escapes are bytes of
 * UTF-8, so a run of them is decoded together: `=E2=80=94` is one em dash, not three Latin-1 characters.
 */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (run: string) =>
      Buffer.from(run.replaceAll('=', ''), 'hex').toString('utf8'),
    );
}

/**
 * The message with its body decoded and its headers as written: headers are not quoted-printable, and decoding them
 * too turned a `List-Unsubscribe` token's `=47…` into `G…` whenever the token began with two hex digits.
 */
function decodeBody(raw: string): string {
  const end = /\r?\n\r?\n/.exec(raw);
  if (!end) return raw;
  const bodyStart = end.index + end[0].length;
  return raw.slice(0, bodyStart) + decodeQuotedPrintable(raw.slice(bodyStart));
}

const header = (raw: string, name: string): string =>
  new RegExp(`^${name}: (.*)$`, 'im').exec(raw)?.[1]?.trim() ?? '';

/**
 * One outbox file (`file` its name, `raw` its content) as a mail: the one parser of the unit tests' reader below and
 * the browser suites' (e2e/support/outbox.ts, which reads the newest files first and stops at a match).
 */
export function parseMail(file: string, raw: string): OutboxMail {
  return { file, to: header(raw, 'To'), subject: header(raw, 'Subject'), text: decodeBody(raw) };
}

/** Every message in `dir`, oldest first (file names start with the time); none when the folder is not there. */
export async function readOutbox(dir: string): Promise<OutboxMail[]> {
  const files = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[];
    throw err;
  });
  const mails: OutboxMail[] = [];
  for (const file of files.filter((name) => name.endsWith('.eml')).sort()) {
    mails.push(parseMail(file, await readFile(path.join(dir, file), 'utf8')));
  }
  return mails;
}

/** Whether `mail` went to `email` (compared without case, as addresses are). */
export const isTo = (mail: OutboxMail, email: string): boolean =>
  mail.to.toLowerCase().includes(email.toLowerCase());

export interface MailQuery {
  /** Only mail to this address. */
  to?: string;
  /** Only mail whose text holds a link to this app path (`/register/confirm`). */
  linkTo?: string;
  /** Only mail not among these files (what was there before the request that sends it). */
  notIn?: readonly string[];
}

const matches = (mail: OutboxMail, query: MailQuery): boolean =>
  (query.to === undefined || isTo(mail, query.to)) &&
  (query.linkTo === undefined || mail.text.includes(`${query.linkTo}?token=`)) &&
  !(query.notIn ?? []).includes(mail.file);

/**
 * Waits until the outbox holds a mail matching `query` and answers the newest. Auth mails after it has answered,
 * so the mail appears a little later than the answer; gives up after `timeoutMs`.
 */
export async function waitForMail(
  dir: string,
  query: MailQuery = {},
  timeoutMs = 10_000,
): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readOutbox(dir)).filter((mail) => matches(mail, query)).at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail matching ${JSON.stringify(query)} in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The first link to `appPath` (`/reset-password`, `/register/confirm`) in a mail. */
export function linkIn(mail: OutboxMail, appPath: string): URL {
  const escaped = appPath.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const match = new RegExp(`https?://\\S+?${escaped}\\?token=[\\w%-]+`).exec(mail.text);
  if (!match) throw new Error(`no ${appPath} link in the mail ${mail.file}`);
  return new URL(match[0]);
}

/** The token of the first link to `appPath` in a mail. */
export const tokenIn = (mail: OutboxMail, appPath: string): string =>
  linkIn(mail, appPath).searchParams.get('token') ?? '';
