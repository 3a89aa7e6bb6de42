import { brotliCompressSync, constants } from 'node:zlib';
import { expect, type Page } from '@playwright/test';

/** One script a page loaded, with its size as sent raw and as brotli at the build's quality (11). */
export interface LoadedScript {
  path: string;
  raw: number;
  brotli: number;
}

const brotliSize = (body: Buffer): number =>
  brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** How long no HTTP request may be in flight before the first screen counts as loaded. */
const QUIET_MS = 500;

/**
 * Records every script `page` loads from now on. Sizes come from the bodies themselves, compressed here, so the
 * figure is the same whether or not the server sent its compressed copy: a size check, deterministic.
 * `settled()` waits for the page's load event and then for QUIET_MS without an HTTP request in flight. (Not
 * Playwright's `networkidle`: that also waits for the realtime socket's handshake, which has nothing to do with
 * the first screen's scripts and can be slow on a loaded machine.)
 */
export function recordScripts(page: Page): { scripts: LoadedScript[]; settled(): Promise<void> } {
  const scripts: LoadedScript[] = [];
  const pending = new Set<Promise<void>>();
  let inFlight = 0;
  let lastChange = Date.now();
  const changed = (delta: number) => {
    inFlight += delta;
    lastChange = Date.now();
  };
  page.on('request', () => changed(1));
  page.on('requestfinished', () => changed(-1));
  page.on('requestfailed', () => changed(-1));
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.request().resourceType() !== 'script' && !url.pathname.endsWith('.js')) return;
    const reading = response
      .body()
      .then((body) => void scripts.push({ path: url.pathname, raw: body.length, brotli: brotliSize(body) }))
      .catch(() => undefined)
      .finally(() => pending.delete(reading));
    pending.add(reading);
  });
  return {
    scripts,
    settled: async () => {
      await page.waitForLoadState('load');
      await expect
        .poll(() => inFlight === 0 && Date.now() - lastChange >= QUIET_MS, { intervals: [100] })
        .toBe(true);
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

export const kilobytes = (bytes: number): number => Math.round((bytes / 1024) * 10) / 10;

export const totalBrotli = (scripts: readonly LoadedScript[]): number =>
  scripts.reduce((sum, script) => sum + script.brotli, 0);

/** The table a budget check prints: each script, then the total. */
export function describeScripts(title: string, scripts: readonly LoadedScript[], budgetKb: number): string {
  const rows = [...scripts]
    .sort((a, b) => b.brotli - a.brotli)
    .map((script) => `  ${script.path}  raw ${kilobytes(script.raw)} KB  br ${kilobytes(script.brotli)} KB`);
  const total = kilobytes(totalBrotli(scripts));
  return [`${title}: ${scripts.length} scripts, ${total} KB br (budget ${budgetKb} KB)`, ...rows].join('\n');
}
