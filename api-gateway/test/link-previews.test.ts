import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signUp } from '@devcircle/service-test-kit';
import type { RunningGateway } from '../src';
import { excerptOf } from '../src/static/link-preview';
import { bearer, eventually, startTestGateway, startUpstream, type Upstream } from './helpers';
import { startStack, type Stack } from './stack';

/**
 * Link previews through the whole back end: an unfurler asking for /post/<id> gets the shell's page with the
 * post's OpenGraph and Twitter-card tags for a public author only; a private author's, a deleted or an unknown
 * post gives the plain shell; a browser always gets the plain shell; a posts service that does not answer
 * costs a short wait, then the plain shell.
 */
const SHELL =
  '<!doctype html><html><head><title>DevCircle</title></head><body><div id="root"></div></body></html>';
const SLACK = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

let stack: Stack;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'devcircle-previews-'));
  fs.mkdirSync(path.join(dir, 'shell'));
  fs.writeFileSync(path.join(dir, 'shell', 'index.html'), SHELL);
  stack = await startStack({ SERVE_STATIC: 'true', SHELL_DIST: path.join(dir, 'shell') });
});
afterAll(async () => {
  await stack.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Member {
  id: string;
  username: string;
  auth: Record<string, string>;
}

async function send(method: string, urlPath: string, member: Member, body?: unknown) {
  const response = await fetch(`${stack.gateway.url}${urlPath}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...member.auth },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function register(username: string, displayName: string): Promise<Member> {
  const { token, user } = await signUp(stack.gateway.url, stack.outboxDir, {
    username,
    password: 'preview-pass1',
  });
  const member = { id: user.id, username, auth: bearer(token) };
  await eventually(async () => (await send('GET', `/api/users/${username}`, member)).status === 200);
  expect((await send('PUT', `/api/users/${user.id}`, member, { displayName })).status).toBe(200);
  return member;
}

async function post(author: Member, body: Record<string, string>): Promise<string> {
  const created = await send('POST', '/api/posts', author, body);
  expect(created.status).toBe(201);
  return created.body._id as string;
}

const page = async (gateway: RunningGateway, postId: string, userAgent = SLACK) => {
  const response = await fetch(`${gateway.url}/post/${postId}`, {
    headers: { 'user-agent': userAgent, accept: 'text/html,*/*;q=0.8' },
  });
  return { status: response.status, headers: response.headers, html: await response.text() };
};

/** The content of one meta tag, unescaped as a parser would read it; undefined when absent. */
function meta(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html);
  return match?.[1]
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

test('a public author’s post unfurls with escaped tags; private, deleted and unknown ones give the plain shell', async () => {
  const author = await register('unfurled', 'Ada "><script>alert(1)</script>');
  const hidden = await register('unseen', 'Quiet Author');
  const text = `Tabs vs spaces "><script>alert(2)</script> & more. ${'word '.repeat(60)}`;
  const publicPost = await post(author, { content: text, codeSnippet: 'x = 1', codeLanguage: 'python' });
  // The posts service learns the new display name from users' event.
  await eventually(async () => {
    const shown = (await send('GET', `/api/posts/${publicPost}`, author)).body.author as {
      displayName: string;
    };
    return shown.displayName.startsWith('Ada');
  });
  const gone = await post(author, { content: 'soon gone' });
  expect((await send('DELETE', `/api/posts/${gone}`, author)).status).toBe(200);
  const secret = await post(hidden, { content: 'for followers only' });
  expect((await send('PUT', `/api/users/${hidden.id}/privacy`, hidden, { isPrivate: true })).status).toBe(
    200,
  );
  // The posts service learns of the privacy switch from users' event.
  await eventually(async () => (await send('GET', `/api/posts/${secret}`, author)).status === 404);

  const unfurled = await page(stack.gateway, publicPost);
  expect(unfurled.status).toBe(200);
  expect(unfurled.headers.get('vary')).toMatch(/user-agent/i);
  expect(unfurled.headers.get('cache-control')).toBe('public, max-age=60');
  // The shell is the same page, the tags added to its head; nothing unescaped reaches it.
  expect(unfurled.html).toContain('<div id="root"></div>');
  expect(unfurled.html).not.toContain('<script>');
  expect(meta(unfurled.html, 'og:type')).toBe('article');
  expect(meta(unfurled.html, 'og:site_name')).toBe('DevCircle');
  expect(meta(unfurled.html, 'og:title')).toBe('Ada "><script>alert(1)</script> (@unfurled) on DevCircle');
  expect(meta(unfurled.html, 'og:url')).toBe(`${stack.gateway.url}/post/${publicPost}`);
  expect(meta(unfurled.html, 'twitter:card')).toBe('summary');
  const description = meta(unfurled.html, 'og:description') ?? '';
  expect(description.startsWith('Tabs vs spaces "><script>alert(2)</script> & more. word')).toBe(true);
  expect(description.endsWith('… [python]')).toBe(true);
  expect(meta(unfurled.html, 'twitter:data1')).toBe('python');

  // A person's browser gets the plain shell, as do unfurlers for what has no preview.
  for (const [postId, userAgent] of [
    [publicPost, CHROME],
    [secret, SLACK],
    [gone, 'facebookexternalhit/1.1'],
    ['0123456789abcdef01234567', 'Discordbot/2.0'],
    ['not-a-post-id', 'Twitterbot/1.0'],
  ]) {
    const plain = await page(stack.gateway, postId, userAgent);
    expect({ postId, userAgent, status: plain.status, html: plain.html }).toEqual({
      postId,
      userAgent,
      status: 200,
      html: SHELL,
    });
  }
}, 30_000);

test('a posts service that does not answer costs a short wait, then the plain shell', async () => {
  let silent: Upstream | undefined;
  let gateway: RunningGateway | undefined;
  try {
    // Takes every request and never answers it.
    silent = await startUpstream('silent', () => undefined);
    gateway = await startTestGateway({
      ...stack.gatewayEnv,
      POSTS_URLS: silent.url,
      SERVE_STATIC: 'true',
      SHELL_DIST: path.join(dir, 'shell'),
    });
    const plain = await page(gateway, '0123456789abcdef01234567');
    expect(plain.status).toBe(200);
    expect(plain.html).toBe(SHELL);
    expect(silent.seen.map((seen) => seen.url)).toEqual(['/internal/posts/0123456789abcdef01234567/preview']);
  } finally {
    await gateway?.stop();
    await silent?.stop();
  }
});

test('the excerpt is the text a reader sees: markdown marks dropped, one line, cut at a word', () => {
  const markdown =
    '# Title\n\n**Bold** and `code` in [a link](https://example.com), my_var *stays*\n\n```js\nx()\n```';
  expect(excerptOf(markdown)).toBe('Title Bold and code in a link, my_var *stays* x()');
  expect(excerptOf(`${'word '.repeat(50)}end`)).toBe(`${'word '.repeat(39)}word…`);
});
