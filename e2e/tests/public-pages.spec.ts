import { expect, test, type Page } from '@playwright/test';
import { signedInMember, uniqueName } from '../support/accounts';

/** The shell's own pages: landing, features, support, privacy, terms, and the /messages dialog. */

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('status', { name: 'welcome to DevCircle' })).toBeHidden({ timeout: 4000 });
}

test('landing shows the counters, sample cards, the operational line and a CTA to register and features', async ({
  page,
}) => {
  await open(page, '/');
  const counters = page.getByRole('region', { name: 'DevCircle in numbers' });
  for (const value of ['10K+', '50K+', '100K+', '24/7'])
    await expect(counters.getByText(value)).toBeVisible();
  await expect(page.getByRole('article', { name: /Sample post by/ })).toHaveCount(3);
  await expect(page.getByText('All systems operational')).toBeVisible();
  const cta = page.getByRole('region', { name: 'Ready to share your first snippet?' });
  await expect(cta.getByRole('link', { name: /Create your account/ })).toHaveAttribute('href', '/register');
  await cta.getByRole('link', { name: 'See all features' }).click();
  await expect(page).toHaveURL(/\/features$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Everything you need to share code');
});

test('features links to register and explore, its footer to feed, explore and create, and goes back home', async ({
  page,
}) => {
  await open(page, '/features');
  await expect(page.getByRole('link', { name: 'Get started free' })).toHaveAttribute('href', '/register');
  await expect(page.getByRole('link', { name: 'Explore developers' })).toHaveAttribute('href', '/explore');
  const footer = page.getByRole('navigation', { name: 'Features footer' });
  await expect(footer.getByRole('link')).toHaveText(['Feed', 'Explore', 'Create']);
  // Signed out, /create goes to /register.
  await footer.getByRole('link', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.goBack();
  await page.getByRole('button', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('support: FAQ tab by default with one answer open at a time, Contact sends, Guidelines expand', async ({
  page,
}) => {
  await open(page, '/support');
  const tabs = page.getByRole('tablist', { name: 'Support topics' }).getByRole('tab');
  await expect(tabs).toHaveText(['FAQ', 'Contact', 'Guidelines']);
  await expect(page.getByRole('tab', { name: 'FAQ' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'FAQ' })).toBeVisible();
  const first = page.getByRole('button', { name: 'What is DevCircle?' });
  const second = page.getByRole('button', { name: 'Is DevCircle free?' });
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');

  // Keyboard: focus the selected tab, then Right moves to and selects Contact.
  await page.getByRole('tab', { name: 'FAQ' }).focus();
  await page.keyboard.press('ArrowRight');
  const contactTab = page.getByRole('tab', { name: 'Contact' });
  await expect(contactTab).toBeFocused();
  await expect(contactTab).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/support#contact$/);
  await expect(page.getByRole('tabpanel', { name: 'FAQ' })).toBeHidden();

  const form = page.getByRole('tabpanel', { name: 'Contact' }).getByRole('form', { name: 'Contact support' });
  await expect(form.getByLabel('Priority Level')).toHaveValue('medium');
  await expect(form.getByLabel('Priority Level').getByRole('option')).toHaveText([
    'Low - General inquiry',
    'Medium - Account issues',
    'High - Technical problems',
    'Urgent - Security concerns',
  ]);
  await form.getByLabel('Full Name').fill('Ada Lovelace');
  await form.getByLabel('Email Address').fill('ada@example.com');
  await form.getByLabel('Subject').fill('Avatar upload');
  await form.getByLabel('Message').fill('It spins forever.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('button', { name: 'Sending…' })).toBeDisabled();
  await expect(form.getByText("Message sent! We'll get back to you within 24 hours.")).toBeVisible();
  await expect(form.getByLabel('Full Name')).toHaveValue('');
  await expect(form.getByText("Message sent! We'll get back to you within 24 hours.")).toBeHidden({
    timeout: 7000,
  });

  await page.getByRole('tab', { name: 'Guidelines' }).click();
  const guidelines = page.getByRole('tabpanel', { name: 'Guidelines' });
  await expect(guidelines.getByRole('button')).toHaveCount(4);
  const card = guidelines.getByRole('button', { name: 'Be respectful' });
  await card.click();
  await expect(card).toHaveAttribute('aria-expanded', 'true');
  await expect(guidelines.getByText('Critique code, not people.', { exact: false })).toBeVisible();
});

test('privacy and terms are reachable from the footer', async ({ page }) => {
  await open(page, '/login');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Privacy' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy');
  await expect(page.getByRole('heading', { name: 'Deleting your account' })).toBeVisible();
  await footer.getByRole('link', { name: 'Terms' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms');
  await expect(page.getByRole('heading', { name: 'No warranty' })).toBeVisible();
});

test('/messages is a dialog that closes with Escape and the close button', async ({ page }) => {
  await signedInMember(page, uniqueName('turing'));
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Messages' }).click();
  const dialog = page.getByRole('dialog', { name: 'Messages Coming Soon!' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Real-time chat and messaging is on the way.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/feed$/);

  await page.goto('/messages/grace');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/feed$/);

  // Signed in, /create opens the post composer route.
  await page.goto('/create');
  await expect(page).toHaveURL(/\/create-post$/);
});
