import { expect, test, type Page } from '@playwright/test';
import { uniqueName } from '../support/accounts';
import { callAs, signInAs, signUpViaApi } from '../support/api';
import { NO_VIOLATIONS, seriousViolationsInBothThemes } from '../support/axe';
import { E2E_MODERATORS } from '../playwright.config';

// Issue 20: B reports A's comment (desktop) or A's post (phone) from its ⋯ menu; a moderator (MODERATORS, set in
// playwright.config.ts) reaches /moderation from the rail or the avatar menu, sees what was reported and removes
// or dismisses it; B is told the outcome in Notifications. docs/moderation.md.

const JOURNEYS = [
  {
    name: 'desktop',
    viewport: { width: 1280, height: 800 },
    moderator: E2E_MODERATORS[0],
    what: 'comment',
  },
  {
    name: 'phone',
    viewport: { width: 375, height: 740 },
    moderator: E2E_MODERATORS[1],
    what: 'post',
  },
] as const;

async function openModeration(page: Page, phone: boolean) {
  if (phone) {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Moderation' }).click();
  } else {
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Moderation' })
      .click();
  }
  await expect(page).toHaveURL(/\/moderation$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
}

for (const { name, viewport, moderator: moderatorName, what } of JOURNEYS) {
  test(`${name}: B reports A's ${what}, a moderator ${what === 'comment' ? 'removes it' : 'dismisses the report'}, B is told`, async ({
    browser,
    request,
  }) => {
    // Three members, two browsers, axe in both themes on two screens: more than the default 30 s on shared cores.
    test.setTimeout(120_000);
    const phone = viewport.width < 768;
    const a = await signUpViaApi(request, uniqueName('moda'));
    const b = await signUpViaApi(request, uniqueName('modb'));
    const moderator = await signUpViaApi(request, moderatorName);
    const postText = `Asking about generics ${uniqueName('p')}`;
    const rude = `Nobody wants your questions ${uniqueName('c')}`;
    const postAuthor = what === 'comment' ? b : a;
    const post = (
      await callAs(request, postAuthor, 'POST', '/api/posts', {
        content: what === 'comment' ? postText : rude,
      })
    ).body as { _id: string };
    if (what === 'comment')
      expect(
        (await callAs(request, a, 'POST', `/api/posts/${post._id}/comment`, { text: rude })).status,
      ).toBe(201);

    // B reports from the ⋯ menu: a reason, then the thanks.
    const reporter = await (await browser.newContext({ viewport })).newPage();
    await signInAs(reporter, b, `/post/${post._id}`);
    // The comment is an article of its own inside the post's.
    const reported =
      what === 'comment'
        ? reporter.getByRole('article', { name: `Comment by ${a.username}` })
        : reporter.getByRole('main').getByRole('article').filter({ hasText: rude }).first();
    await reported.getByRole('button', { name: `More actions for this ${what}` }).click();
    await reporter.getByRole('menuitem', { name: `Report ${what}` }).click();
    const dialog = reporter.getByRole('dialog', { name: `Report ${what}` });
    await dialog.getByRole('radio', { name: /Harassment/ }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Thanks — a moderator will review it.');
    if (phone) {
      // The pointer off Close, which took Send report's place: the kit's primary hover colour is not what is checked.
      await reporter.mouse.move(0, 0);
      expect(await seriousViolationsInBothThemes(reporter)).toEqual(NO_VIOLATIONS);
    }
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The moderator's inbox: what was reported, the reason, who reported it.
    const desk = await (await browser.newContext({ viewport })).newPage();
    await signInAs(desk, moderator, '/feed');
    await openModeration(desk, phone);
    const report = desk
      .getByRole('list', { name: 'Open reports' })
      .getByRole('article')
      .filter({ hasText: rude });
    await expect(report).toContainText(`${what === 'comment' ? 'Comment' : 'Post'} by`);
    await expect(report).toContainText('Harassment');
    await expect(report).toContainText(`Reported by @${b.username}`);
    expect(await desk.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    if (!phone) expect(await seriousViolationsInBothThemes(desk)).toEqual(NO_VIOLATIONS);

    if (what === 'comment') {
      await report.getByRole('button', { name: 'Remove' }).click();
      await desk
        .getByRole('dialog', { name: 'Remove this comment?' })
        .getByRole('button', { name: 'Remove comment' })
        .click();
      await expect(desk.getByText('Content removed. 1 report closed.')).toBeVisible();
    } else {
      await report.getByRole('button', { name: 'Dismiss' }).click();
      await desk
        .getByRole('dialog', { name: 'Dismiss this report?' })
        .getByRole('button', { name: 'Dismiss' })
        .click();
      await expect(desk.getByText('Report dismissed. 1 report closed.')).toBeVisible();
    }
    await expect(report).toHaveCount(0);

    // B is told, at once: the unread mark on the bell, then the notification.
    const outcome = what === 'comment' ? 'content removed' : 'no action taken';
    await reporter
      .getByRole('link', { name: /Notifications/ })
      .first()
      .click();
    await expect(
      reporter.getByRole('list', { name: 'Notifications' }).getByRole('listitem').first(),
    ).toContainText(`Your report about ${a.username} was reviewed: ${outcome}`);
    if (what === 'comment') {
      await reporter.goto(`/post/${post._id}`);
      await expect(reporter.getByRole('main').getByText(postText)).toBeVisible();
      await expect(reporter.getByRole('main').getByText(rude)).toHaveCount(0);
    }
  });
}
