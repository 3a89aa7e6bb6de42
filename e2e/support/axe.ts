import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * The serious and critical axe-core violations on the page, once the start-up splash (shown for 2 s on every full
 * page load) is gone: checking under a fading overlay reports contrast problems the page does not have.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await expect(page.getByRole('status', { name: 'welcome to DevCircle' })).toBeHidden({ timeout: 4000 });
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help}`);
}
