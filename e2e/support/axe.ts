import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * The serious and critical axe-core violations on the page, once the start-up splash (shown for 2 s on every full
 * page load) is gone: checking under a fading overlay reports contrast problems the page does not have.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await expect(page.getByRole('status', { name: 'welcome to DevCircle' })).toBeHidden({ timeout: 4000 });
  await animationsEnded(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help}`);
}

/**
 * Lets every running transition and animation that ends (a theme switch's colour fades, a dialog's entrance) end:
 * a contrast read mid-fade is not the page's (a dialog scanned while it faded in failed color-contrast once on a
 * loaded machine). Endless ones (spinners) are not waited for.
 */
async function animationsEnded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity,
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

const COLOR_SCHEMES = ['light', 'dark'] as const;

/**
 * The page's serious and critical violations in the light theme, then in the dark one. The themes follow
 * `prefers-color-scheme` through CSS alone, so the same page is scanned twice without loading it again; each scan
 * first lets the colour transitions the switch started finish (`seriousViolations`).
 * The page is left in the dark theme.
 */
export async function seriousViolationsInBothThemes(page: Page): Promise<Record<'light' | 'dark', string[]>> {
  const found = { light: [] as string[], dark: [] as string[] };
  for (const colorScheme of COLOR_SCHEMES) {
    await page.emulateMedia({ colorScheme });
    found[colorScheme] = await seriousViolations(page);
  }
  return found;
}

/** What `seriousViolationsInBothThemes` gives for a page without violations. */
export const NO_VIOLATIONS = { light: [], dark: [] };
