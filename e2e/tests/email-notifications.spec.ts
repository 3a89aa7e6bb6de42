import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DATA_DIR } from '../playwright.config';
import { uniqueName } from '../support/accounts';
import { callAs, signInAs, signUpViaApi } from '../support/api';
import { NO_VIOLATIONS, seriousViolationsInBothThemes } from '../support/axe';
import { mailedLinkFor, outboxFiles } from '../support/outbox';

/** The subjects of the mails to `email` in the outbox now (auth writes one file per mail). */
async function subjectsTo(email: string): Promise<string[]> {
  const outbox = path.join(DATA_DIR, 'outbox');
  const subjects: string[] = [];
  for (const file of await readdir(outbox).catch(() => [] as string[])) {
    const mail = await readFile(path.join(outbox, file), 'utf8');
    if ((/^To: (.*)$/im.exec(mail)?.[1] ?? '').toLowerCase().includes(email.toLowerCase()))
      subjects.push(/^Subject: (.*)$/im.exec(mail)?.[1] ?? '');
  }
  return subjects;
}

test('a comment on A’s post sends A one e-mail; its unsubscribe link works signed out at phone width, once; Settings shows comments off at desktop width; a mail client’s one-click POST works too', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const ada = await signUpViaApi(request, uniqueName('ada'));
  const bo = await signUpViaApi(request, uniqueName('bo'));
  const email = `${ada.username}@example.com`;
  const { body: post } = await callAs(request, ada, 'POST', '/api/posts', {
    content: `Mail me, ${ada.username}`,
  });
  const postId = (post as { _id: string })._id;
  const commented = await callAs(request, bo, 'POST', `/api/posts/${postId}/comment`, { text: 'Nice post!' });
  expect(commented.status).toBe(201);

  // The notification becomes one e-mail at once (the first of its window), with its one-use link.
  const link = await mailedLinkFor(email, '/unsubscribe');
  const digests = (await subjectsTo(email)).filter((subject) => subject.includes('comment'));
  expect(digests).toEqual([`${bo.username} commented on your post`]);

  // Opened signed out, on a phone: done at once, no sign-in.
  const phone = await (await browser.newContext({ viewport: { width: 375, height: 740 } })).newPage();
  await phone.goto(link);
  await expect(phone.getByRole('heading', { name: 'Unsubscribed' })).toBeVisible();
  await expect(phone.getByRole('status').filter({ hasText: 'e-mail' })).toHaveText(
    'You will no longer get e-mails about comments on your posts.',
  );
  await expect(phone.getByRole('link', { name: 'Go to Settings' })).toBeVisible();
  expect(await seriousViolationsInBothThemes(phone)).toEqual(NO_VIOLATIONS);
  await phone.screenshot({ path: testInfo.outputPath('unsubscribed-phone-375-dark.png') });

  // The same link again: used.
  await phone.emulateMedia({ colorScheme: 'light' });
  await phone.reload();
  await expect(phone.getByRole('heading', { name: 'Link already used' })).toBeVisible();
  await expect(phone.getByRole('status').filter({ hasText: 'link' })).toHaveText(
    'This link has already been used.',
  );
  expect(await seriousViolationsInBothThemes(phone)).toEqual(NO_VIOLATIONS);

  // A's Settings, on a desktop: comments off (the server's), new followers still on.
  const desktop = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signInAs(desktop, ada, '/settings');
  await expect(desktop.getByRole('switch', { name: 'Comments' })).toHaveAttribute('aria-checked', 'false');
  await expect(desktop.getByRole('switch', { name: 'New followers' })).toHaveAttribute(
    'aria-checked',
    'true',
  );

  // A follow still mails; a mail client's RFC 8058 one-click (a form POST through the gateway, no sign-in) turns
  // that off too, and Settings shows it on the next visit.
  const seen = await outboxFiles();
  await expect
    .poll(async () => (await callAs(request, bo, 'PUT', `/api/users/${ada.username}/follow`)).status)
    .toBe(200);
  const followLink = await mailedLinkFor(email, '/unsubscribe', seen);
  const oneClick = await request.post(followLink.replace('/unsubscribe', '/api/notifications/unsubscribe'), {
    form: { 'List-Unsubscribe': 'One-Click' },
  });
  expect(oneClick.status()).toBe(200);
  await desktop.reload();
  await expect(desktop.getByRole('switch', { name: 'New followers' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
});
