import fs from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer-core';

/** What one Lighthouse run of one page gave. */
export interface PageRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** JavaScript transferred (as compressed on the wire). */
  scriptBytes: number;
  /** Lighthouse's opportunities worth more than 50 ms, with their estimated savings. */
  opportunities: string[];
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Audit {
  title: string;
  numericValue?: number;
  details?: {
    type?: string;
    overallSavingsMs?: number;
    items?: { resourceType?: string; transferSize?: number }[];
  };
}

interface Result {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, Audit>;
}

const percent = (score: number | null | undefined): number => Math.round((score ?? 0) * 100);

/**
 * One Lighthouse run (its default, mobile configuration) of `url` in a Chromium of its own (a fresh profile: the
 * cache is cold). With a session the member's token and the welcome dialog's flag are put in the tab's storage
 * first, from `origin`/remotes.json (same origin, no script or style to warm the cache), and Lighthouse is told
 * not to wipe storage.
 */
export async function runLighthouse(url: string, origin: string, session: string | null): Promise<PageRun> {
  // chrome-launcher and Lighthouse are ES modules; this file runs as CommonJS under tsx.
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage'],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const page = await browser.newPage();
    if (session) {
      await page.goto(`${origin}/remotes.json`);
      await page.evaluate((token: string) => {
        // In the page: the SDK's token key and the feed's welcome flag (product-spec §9).
        type PageStorage = { setItem(key: string, value: string): void };
        const storage = globalThis as unknown as { localStorage: PageStorage; sessionStorage: PageStorage };
        storage.localStorage.setItem('token', token);
        storage.sessionStorage.setItem('hasSeenFeedModal', 'true');
      }, session);
    }
    const { default: lighthouse } = await import('lighthouse');
    const outcome = await lighthouse(
      url,
      {
        port: chrome.port,
        logLevel: 'error',
        output: 'json',
        disableStorageReset: Boolean(session),
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      },
      undefined,
      page,
    );
    if (!outcome) throw new Error(`Lighthouse gave no result for ${url}`);
    const lhr = outcome.lhr as unknown as Result;
    // The whole report, for reading where the time goes (main-thread breakdown, long tasks, bootup time).
    if (process.env.BENCH_WEB_REPORTS) {
      const name = `${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}-${Date.now()}.json`;
      fs.mkdirSync(process.env.BENCH_WEB_REPORTS, { recursive: true });
      fs.writeFileSync(path.join(process.env.BENCH_WEB_REPORTS, name), JSON.stringify(outcome.lhr));
    }
    const scripts = lhr.audits['resource-summary']?.details?.items?.find(
      (item) => item.resourceType === 'script',
    );
    const opportunities = Object.values(lhr.audits)
      .filter((audit) => audit.details?.type === 'opportunity' && (audit.details.overallSavingsMs ?? 0) > 50)
      .map((audit) => `${audit.title} (~${Math.round(audit.details?.overallSavingsMs ?? 0)} ms)`);
    return {
      performance: percent(lhr.categories.performance?.score),
      accessibility: percent(lhr.categories.accessibility?.score),
      bestPractices: percent(lhr.categories['best-practices']?.score),
      seo: percent(lhr.categories.seo?.score),
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
      scriptBytes: scripts?.transferSize ?? NaN,
      opportunities,
    };
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
}
