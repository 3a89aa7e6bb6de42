import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end suites in Debian's Chromium (never a downloaded browser) against the whole app started the way
 * `npm start` starts it, on its own ports and a fresh data directory.
 */
const PORT = Number(process.env.E2E_PORT ?? 18700);
// Fixed once per run in the environment, which the test workers inherit: a fresh directory every run.
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `devcircle-e2e-${process.pid}`);
export const DATA_DIR = process.env.E2E_DATA_DIR;
/** The usernames the app's MODERATORS names; moderation.spec.ts registers them. */
export const E2E_MODERATORS = ['e2emoddesk', 'e2emodphone'];
// No GPU here: without --disable-gpu Chromium emulates one in software (SwiftShader), which took a third of the
// CPU of a run on CI's 2 cores.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--disable-dev-shm-usage', '--disable-gpu'],
};

export default defineConfig({
  testDir: './tests',
  // Two files at a time (a file's tests stay in order in one worker): much of a journey is waiting on the app,
  // which the other worker's journey fills. Every suite makes its own members and finds its own posts by their
  // text, so two side by side do not see each other; the one that floods the shared feed runs after the rest.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: process.env.CI ? 'list' : [['list']],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Kept for failures only, without the screencast: recording every frame of every test costs CPU all run long.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    launchOptions: chromium,
  },
  projects: [
    {
      // Runs first, while the database is still empty: the feed's empty state is the whole community's.
      name: 'fresh-database',
      testMatch: /empty-feed\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    {
      name: 'desktop',
      dependencies: ['fresh-database'],
      testIgnore: /(empty-feed|standalone-remote|clean-start|feed-scroll)\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    {
      // The feed remote alone on its webpack dev server (its own port, E2E_STANDALONE_PORT or 18950), proxying
      // to the gateway started below; after the fresh database's suite, since it publishes a post.
      name: 'standalone-remote',
      dependencies: ['fresh-database'],
      testMatch: /standalone-remote\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    {
      // 27 posts at once: after every suite that expects its own new post on the feed's first page.
      name: 'feed-flood',
      dependencies: ['desktop', 'standalone-remote'],
      testMatch: /feed-scroll\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    {
      // A second app started the README's way on its own ports (E2E_CLEAN_START_PORT or 18900) and data directory.
      name: 'clean-start',
      testMatch: /clean-start\.spec\.ts$/,
    },
  ],
  webServer: {
    command: 'npm start',
    cwd: path.join(__dirname, '..'),
    // Every service ready, as `npm start` waits for before it says "running".
    url: `http://localhost:${PORT}/status`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DB_PORT: String(PORT + 1),
      AUTH_PORT: String(PORT + 11),
      POSTS_PORT: String(PORT + 12),
      USERS_PORT: String(PORT + 13),
      NOTIFICATIONS_PORT: String(PORT + 14),
      DATA_DIR,
      PUBLIC_URL: `http://localhost:${PORT}`,
      BCRYPT_COST: '4',
      LOG_LEVEL: 'warn',
      // Every suite registers its own users from one address: far more than the production limit of 10 an hour.
      RATE_LIMIT_REGISTER_PER_IP: '1000',
      RATE_LIMIT_CONFIRM_REGISTRATION_PER_IP: '1000',
      // Likewise every suite signs its members in from that one address.
      RATE_LIMIT_LOGIN_PER_IP: '1000',
      // moderation.spec.ts's moderators, one per journey (issue 20, docs/moderation.md).
      MODERATORS: E2E_MODERATORS.join(','),
    },
  },
});
