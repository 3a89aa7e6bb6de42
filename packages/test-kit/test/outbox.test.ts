import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { linkIn, parseMail, readOutbox } from '../src';

/**
 * A mail as nodemailer writes it to the outbox: the unsubscribe token in a header is written as it is, the body is
 * quoted-printable (`=` is `=3D`, long lines end in a soft break `=`). A token beginning with two hex digits is the
 * case that decoding the headers too got wrong: `?token=47…` became `?tokenG…`.
 */
const RAW = [
  'List-Unsubscribe:',
  ' <http://localhost:18700/unsubscribe?token=47abCD-x_9>',
  'To: Ada@example.com',
  'Subject: bob followed you on DevCircle',
  'Content-Type: text/plain; charset=utf-8',
  'Content-Transfer-Encoding: quoted-printable',
  '',
  'Unsubscribe with one click: http://localhost:18700/unsubscribe?=',
  'token=3D47abCD-x_9',
  'See you, DevCircle',
  '',
].join('\r\n');

test('a mail keeps its headers as written and has its body decoded', () => {
  const mail = parseMail('2026-11-29T03-21-59-577Z-a.eml', RAW);
  expect(mail.to).toBe('Ada@example.com');
  expect(mail.subject).toBe('bob followed you on DevCircle');
  expect(mail.text).toContain(' <http://localhost:18700/unsubscribe?token=47abCD-x_9>\r\n');
  expect(mail.text).not.toContain('?tokenG');
  expect(mail.text).toContain(
    'Unsubscribe with one click: http://localhost:18700/unsubscribe?token=47abCD-x_9\r\n',
  );
  expect(mail.text).toContain('See you, DevCircle');
  expect(linkIn(mail, '/unsubscribe').searchParams.get('token')).toBe('47abCD-x_9');
});

test('readOutbox reads every .eml file of a folder, oldest first, with the same parser', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'outbox-test-'));
  try {
    await writeFile(path.join(dir, '2026-11-29T03-22-00-000Z-b.eml'), RAW.replace('Ada@', 'Bob@'));
    await writeFile(path.join(dir, '2026-11-29T03-21-59-577Z-a.eml'), RAW);
    await writeFile(path.join(dir, 'notes.txt'), 'not a mail');
    const mails = await readOutbox(dir);
    expect(mails.map((mail) => mail.to)).toEqual(['Ada@example.com', 'Bob@example.com']);
    expect(mails[0]).toEqual(parseMail('2026-11-29T03-21-59-577Z-a.eml', RAW));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  expect(await readOutbox(path.join(dir, 'gone'))).toEqual([]);
});

test("a body's escaped UTF-8 bytes are read as the characters they encode", () => {
  // "Ada — 🎉 café", as nodemailer's quoted-printable writes it.
  const raw = ['To: ada@example.com', 'Subject: hi', '', 'Ada =E2=80=94 =F0=9F=8E=89 caf=C3=A9', ''].join(
    '\r\n',
  );
  expect(parseMail('a.eml', raw).text).toContain('Ada — 🎉 café');
});
