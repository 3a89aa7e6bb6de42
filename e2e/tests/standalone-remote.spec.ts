import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { uniqueName } from '../support/accounts';
import { publishPosts, signUpViaApi } from '../support/api';

// Runs in the 'standalone-remote' project: the feed remote alone on its webpack dev server (`npm run dev -w
// @devcircle/mf-feed`), in front of the gateway `npm start` runs for every project.
const ROOT = path.resolve(__dirname, '../..');
const DEV_PORT = Number(process.env.E2E_STANDALONE_PORT ?? 18950);
const DEV_URL = `http://localhost:${DEV_PORT}`;
/** What only the SDK's dev sign-in form contains (its marker and its heading). */
const DEV_FORM_TEXTS = ['devcircle-dev-sign-in', 'Sign in (dev only)'];

// eslint-disable-next-line no-control-regex -- matching the terminal's escape character is the point
const ANSI_CODES = /\u001b\[[0-9;]*m/g;

let devServer: ChildProcess | undefined;

/** Resolves once webpack has compiled the page; rejects if the dev server fails or stops first. */
function compiled(server: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const read = (chunk: Buffer) => {
      // webpack colours its summary when it thinks it may; the colour codes would split the words matched.
      output += chunk.toString().replace(ANSI_CODES, '');
      if (/compiled successfully/.test(output)) resolve();
      else if (/compiled with \d+ errors?/.test(output))
        reject(new Error(`the dev server failed:\n${output}`));
    };
    server.stdout?.on('data', read);
    server.stderr?.on('data', read);
    server.once('exit', (code) => reject(new Error(`the dev server stopped (${code}):\n${output}`)));
  });
}

test.describe('the feed remote alone on its dev server', () => {
  test.beforeAll(async () => {
    // A first webpack build of the remote and its dev page.
    test.setTimeout(180_000);
    const gateway = test.info().project.use.baseURL;
    if (!gateway) throw new Error('the project has no baseURL (the gateway)');
    devServer = spawn(
      process.execPath,
      [
        path.join(ROOT, 'packages/webpack-config/bin/webpack.js'),
        'serve',
        '--mode',
        'development',
        '--port',
        String(DEV_PORT),
      ],
      {
        cwd: path.join(ROOT, 'mf-feed'),
        env: { ...process.env, NODE_ENV: 'development', DEVCIRCLE_GATEWAY: gateway, NO_COLOR: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
        // Its own process group, so stopping it stops webpack's workers too.
        detached: true,
      },
    );
    await compiled(devServer);
  });

  test.afterAll(async () => {
    const server = devServer;
    if (!server?.pid || server.exitCode !== null) return;
    const stopped = new Promise((resolve) => server.once('exit', resolve));
    process.kill(-server.pid, 'SIGTERM');
    await stopped;
  });

  test('a developer signs in through the dev form and sees the feed', async ({ page, request }) => {
    const author = await signUpViaApi(request, uniqueName('solo'));
    const content = `Written while the feed ran alone (${author.username})`;
    await publishPosts(request, author.token, [content]);

    // Another origin than the shell's: no session here, so the dev form stands where the feed would be.
    await page.goto(`${DEV_URL}/`);
    await expect(page).toHaveURL(`${DEV_URL}/feed`);
    const form = page.getByRole('form', { name: 'Dev sign-in' });
    await expect(form).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Feed' })).toHaveCount(0);

    // The gateway answers through the dev server's /api proxy, wrong password included.
    await form.getByLabel('Email').fill(`${author.username}@example.com`);
    await form.getByLabel('Password').fill('not-the-password');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(form.getByRole('alert')).toHaveText('Invalid email or password');

    await form.getByLabel('Password').fill('secret123');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(form).toHaveCount(0);
    await page
      .getByRole('dialog', { name: 'Welcome to Feed' })
      .getByRole('button', { name: 'Load Posts' })
      .click();
    await expect(page.getByRole('heading', { name: 'Feed', level: 1 })).toBeVisible();
    await expect(page.getByText(content)).toBeVisible();

    // The token is stored for the dev server's origin: a reload opens the feed, signed in, with no form.
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeTruthy();
    await page.reload();
    await expect(page.getByText(content)).toBeVisible();
    await expect(form).toHaveCount(0);
  });
});

test('no production bundle carries the dev sign-in form', () => {
  // `npm run build:web` ran before the e2e suites (the gateway serves these builds).
  const apps = ['shell', ...readdirSync(ROOT).filter((name) => name.startsWith('mf-'))];
  const bundles = apps.flatMap((app) => {
    const dist = path.join(ROOT, app, 'dist');
    if (!existsSync(dist)) throw new Error(`${app} has no production build (npm run build:web)`);
    return readdirSync(dist)
      .filter((file) => file.endsWith('.js'))
      .map((file) => path.join(dist, file));
  });
  expect(bundles.length).toBeGreaterThan(apps.length);
  const carrying = bundles.filter((file) => {
    const code = readFileSync(file, 'utf8');
    return DEV_FORM_TEXTS.some((text) => code.includes(text));
  });
  expect(carrying).toEqual([]);
});
