import { expect, test } from '@playwright/test';
import { signedInMember, uniqueName } from '../support/accounts';

const TABS = ['Home', 'Explore', 'Post', 'Messages', 'Profile'];

test('at 375 px the bottom tab bar shows its five items and the rail does not', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const username = uniqueName('grace');
  await signedInMember(page, username);
  const tabs = page.getByRole('navigation', { name: 'Tabs' });
  await expect(tabs).toBeVisible();
  await expect(tabs.getByRole('link')).toHaveText(TABS.map((name) => new RegExp(`${name}$`)));
  await expect(tabs.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', `/profile/${username}`);
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeHidden();
  // The tab bar never covers the end of the page: the footer's last link sits above it (on a page of fixed
  // length: the feed keeps growing as it scrolls).
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  // The settings' sections load after the heading shows, and the page grows; the footer shows only once no region
  // is loading (App.module.css), which grows it once more. Scrolled to the end before that, the boxes were read
  // mid-growth: so the footer first, then scroll and read both boxes in one step in the page (three round trips
  // on a loaded machine took seconds each, and the page could change between them), until the end has settled.
  const footerLink = page.getByRole('contentinfo').getByRole('button', { name: /Report/ });
  await expect(footerLink).toBeVisible();
  await expect
    .poll(() =>
      footerLink.evaluate((report) => {
        // A region loading again hides the footer (no boxes, which would read as 0 px and pass).
        if (report.getClientRects().length === 0) return 'footer not shown';
        window.scrollTo(0, document.documentElement.scrollHeight);
        const bar = document.querySelector('nav[aria-label="Tabs"]');
        if (bar === null) return 'no tab bar';
        const reportBottom = report.getBoundingClientRect().bottom;
        const barTop = bar.getBoundingClientRect().top;
        return reportBottom <= barTop ? 'above the bar' : `${reportBottom - barTop} px under the bar`;
      }),
    )
    .toBe('above the bar');
  // No horizontal scroll on a phone, once the page has settled (one read could catch it mid-layout).
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('at 1280 and at 800 px the rail is visible and the tab bar is not; rail items navigate', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInMember(page, uniqueName('ada'));
  const rail = page.getByRole('navigation', { name: 'Sections' });
  await expect(rail).toBeVisible();
  await expect(rail.getByRole('link')).toHaveText([
    'Home',
    'Explore',
    'Post',
    'Profile',
    'Bookmarks',
    'Messages',
    'Settings',
  ]);
  await expect(page.getByRole('navigation', { name: 'Tabs' })).toBeHidden();
  await expect(rail.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await rail.getByRole('link', { name: 'Messages' }).click();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(page.getByText('Messages Coming Soon!')).toBeVisible();
  await expect(rail.getByRole('link', { name: 'Messages' })).toHaveAttribute('aria-current', 'page');

  // A tablet (769-1023 px) keeps the rail, so Settings and Messages stay reachable there too (issue 21).
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.setViewportSize({ width: 800, height: 1000 });
  await expect(rail).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Tabs' })).toBeHidden();
  await rail.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
});

test('the bug report from the footer succeeds with the thank-you alert and the dialog closes', async ({
  page,
}) => {
  await signedInMember(page, uniqueName('linus'));
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('button', { name: /Report/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Report a bug' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'What went wrong?' }).fill('The feed does not load on Tuesdays');
  const alert = new Promise<string>((resolve) => {
    page.once('dialog', (browserDialog) => {
      resolve(browserDialog.message());
      void browserDialog.accept();
    });
  });
  await dialog.getByRole('button', { name: 'Submit' }).click();
  expect(await alert).toBe('Thank you for reporting the bug!');
  await expect(dialog).toBeHidden();
});

test('signed out, the landing has no footer; /privacy has one', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await page.goto('/privacy');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Terms' })).toBeVisible();
});

test('the splash shows at start and is gone after about 2 s', async ({ page }) => {
  await page.goto('/');
  const splash = page.getByRole('status', { name: 'welcome to DevCircle' });
  await expect(splash).toBeVisible();
  await expect(splash).toBeHidden({ timeout: 4000 });
});
