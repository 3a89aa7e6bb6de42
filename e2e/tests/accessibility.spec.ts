import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe';

/** No serious or critical axe-core violations on the screens that exist so far, in both themes. */
for (const colorScheme of ['light', 'dark'] as const) {
  for (const [name, path, ready] of [
    ['landing', '/', 'Get Started Free'],
    ['login', '/login', 'Welcome back'],
    ['register', '/register', 'Create Account'],
    ['features', '/features', 'Everything you need to share code'],
    ['support', '/support', 'Frequently asked questions'],
    ['privacy', '/privacy', 'What we keep'],
    ['terms', '/terms', 'Acceptable use'],
  ] as const) {
    test(`${name} (${colorScheme}) has no serious or critical axe violations`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto(path);
      await expect(page.getByText(ready).first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
}
