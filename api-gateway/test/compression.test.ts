import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { RunningGateway } from '../src';
import { startTestGateway, startUpstream, type Upstream } from './helpers';

// What the build writes (packages/webpack-config/compress.js): each file with its brotli and gzip copies beside it.
let dir: string;
let upstream: Upstream;
let gateway: RunningGateway;
let withMaps: RunningGateway;

const SCRIPT = `console.log(${JSON.stringify('shell code '.repeat(450))});`;
const ENTRY = `var feed = ${JSON.stringify('feed entry '.repeat(200))};`;
const SMALL = 'small();';

/** What a strong content ETag is: the SHA-256 of the bytes sent, base64url, 22 characters, quoted. */
const strongTag = (bytes: Buffer): string =>
  `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`;
const PAGE = `<!doctype html><title>DevCircle shell</title><p>${'welcome '.repeat(300)}</p>`;

function writeWithCopies(file: string, content: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.br`, brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, gzipSync(content));
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-compression-'));
  writeWithCopies(path.join(dir, 'shell', 'index.html'), PAGE);
  writeWithCopies(path.join(dir, 'shell', 'main.3f9a1c2b.js'), SCRIPT);
  fs.writeFileSync(path.join(dir, 'shell', 'main.3f9a1c2b.js.map'), '{"version":3,"sources":[]}');
  writeWithCopies(path.join(dir, 'feed', 'remoteEntry.js'), ENTRY);
  fs.writeFileSync(path.join(dir, 'feed', 'small.3f9a1c2b.js'), SMALL);
  fs.writeFileSync(path.join(dir, 'feed', 'chunk.3f9a1c2b.js.map'), '{"version":3,"sources":["feed"]}');
  writeWithCopies(
    path.join(dir, 'feed', 'mf-manifest.json'),
    JSON.stringify({ name: 'feed', pad: 'x'.repeat(2000) }),
  );
  upstream = await startUpstream('api');
  const env = {
    AUTH_URLS: upstream.url,
    POSTS_URLS: upstream.url,
    USERS_URLS: upstream.url,
    NOTIFICATIONS_URLS: upstream.url,
    SERVE_STATIC: 'true',
    SHELL_DIST: path.join(dir, 'shell'),
    REMOTE_FEED_DIST: path.join(dir, 'feed'),
  };
  gateway = await startTestGateway(env);
  withMaps = await startTestGateway({ ...env, SOURCE_MAPS_PUBLIC: 'true' });
});
afterAll(async () => {
  await gateway.stop();
  await withMaps.stop();
  await upstream.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET (or HEAD) with exactly these headers (fetch adds its own Accept-Encoding and Cache-Control, and decodes). */
function getRaw(
  base: string,
  urlPath: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .request(`${base}${urlPath}`, { method, headers, agent: false }, (response) => {
        const parts: Buffer[] = [];
        response.on('data', (chunk: Buffer) => parts.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(parts),
          }),
        );
      })
      .on('error', reject)
      .end();
  });
}

const page = { accept: 'text/html' };

test.each([
  ['br, gzip', 'br', (body: Buffer) => brotliDecompressSync(body)],
  ['gzip, deflate', 'gzip', (body: Buffer) => gunzipSync(body)],
  ['gzip;q=0.5, br;q=1', 'br', (body: Buffer) => brotliDecompressSync(body)],
  ['br;q=0, gzip', 'gzip', (body: Buffer) => gunzipSync(body)],
  // Chromium's own: gzip named first, brotli still wins the tie.
  ['gzip, deflate, br, zstd', 'br', (body: Buffer) => brotliDecompressSync(body)],
  ['br;q=0.5, gzip;q=0.9', 'gzip', (body: Buffer) => gunzipSync(body)],
  ['*', 'br', (body: Buffer) => brotliDecompressSync(body)],
  ['x-gzip', 'gzip', (body: Buffer) => gunzipSync(body)],
])(
  'Accept-Encoding %s gets the %s copy of a script, typed as the script',
  async (accept, encoding, decode) => {
    const reply = await getRaw(gateway.url, '/main.3f9a1c2b.js', { 'accept-encoding': accept });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe(encoding);
    expect(reply.headers['content-type']).toMatch(/javascript/);
    expect(reply.headers.vary).toMatch(/Accept-Encoding/i);
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decode(reply.body).toString('utf8')).toBe(SCRIPT);
  },
);

test.each([
  ['no Accept-Encoding', {}],
  ['an empty one', { 'accept-encoding': '' }],
  ['identity only', { 'accept-encoding': 'identity' }],
  ['codings it cannot have', { 'accept-encoding': 'zstd, deflate' }],
  ['br and gzip refused', { 'accept-encoding': 'br;q=0, gzip;q=0, *;q=0.1' }],
])('%s: the file as it is, still with Vary', async (_what, headers) => {
  const reply = await getRaw(gateway.url, '/main.3f9a1c2b.js', headers);
  expect(reply.status).toBe(200);
  expect(reply.headers['content-encoding']).toBeUndefined();
  expect(reply.headers.vary).toMatch(/Accept-Encoding/i);
  expect(Number(reply.headers['content-length'])).toBe(Buffer.byteLength(SCRIPT));
  expect(reply.body.toString('utf8')).toBe(SCRIPT);
});

test('a file without compressed copies (too small to gain) goes as it is, never compressed on the fly', async () => {
  const reply = await getRaw(gateway.url, '/remotes/feed/small.3f9a1c2b.js', {
    'accept-encoding': 'br, gzip',
  });
  expect(reply.status).toBe(200);
  expect(reply.headers['content-encoding']).toBeUndefined();
  expect(reply.body.toString('utf8')).toBe(SMALL);
});

test.each(['/', '/feed', '/profile/ada'])(
  'the page at %s comes compressed, never cached, with a validator',
  async (urlPath) => {
    const reply = await getRaw(gateway.url, urlPath, { ...page, 'accept-encoding': 'br' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['content-type']).toMatch(/text\/html/);
    expect(reply.headers['cache-control']).toBe('no-cache');
    expect(reply.headers.etag).toBe(strongTag(fs.readFileSync(path.join(dir, 'shell', 'index.html.br'))));
    expect(brotliDecompressSync(reply.body).toString('utf8')).toBe(PAGE);
  },
);

test.each([
  ['index.html', '/', page],
  ['index.html for a deep link', '/feed', page],
  ['a manifest', '/remotes/feed/mf-manifest.json', {}],
  ['a remote entry', '/remotes/feed/remoteEntry.js', {}],
])(
  '%s: a browser copy that is still current gets 304 by its ETag, per encoding',
  async (_what, urlPath, headers) => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const first = await getRaw(gateway.url, urlPath, { ...headers, 'accept-encoding': encoding });
      const etag = first.headers.etag as string;
      expect(etag).toBeTruthy();
      const again = await getRaw(gateway.url, urlPath, {
        ...headers,
        'accept-encoding': encoding,
        'if-none-match': etag,
      });
      expect({ encoding, status: again.status }).toEqual({ encoding, status: 304 });
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers.vary).toMatch(/Accept-Encoding/i);
      expect(again.headers['cache-control']).toBe('no-cache');
    }
    const br = await getRaw(gateway.url, urlPath, { ...headers, 'accept-encoding': 'br' });
    const plain = await getRaw(gateway.url, urlPath, { ...headers, 'accept-encoding': 'identity' });
    expect(br.headers.etag).not.toBe(plain.headers.etag);
  },
);

test('the ETag is strong and comes from the content: a rebuild that writes the same bytes keeps it', async () => {
  const file = path.join(dir, 'feed', 'remoteEntry.js');
  const before = await getRaw(gateway.url, '/remotes/feed/remoteEntry.js', { 'accept-encoding': 'identity' });
  expect(before.headers.etag).toBe(strongTag(fs.readFileSync(file)));
  fs.writeFileSync(file, fs.readFileSync(file)); // same bytes, a new modification time
  fs.utimesSync(file, new Date(), new Date(Date.now() + 5_000));
  const after = await getRaw(gateway.url, '/remotes/feed/remoteEntry.js', {
    'accept-encoding': 'identity',
    'if-none-match': before.headers.etag as string,
  });
  expect(after.status).toBe(304);
  fs.writeFileSync(file, ENTRY.replace('feed', 'feed2'));
  const changed = await getRaw(gateway.url, '/remotes/feed/remoteEntry.js', {
    'accept-encoding': 'identity',
    'if-none-match': before.headers.etag as string,
  });
  expect(changed.status).toBe(200);
  expect(changed.headers.etag).not.toBe(before.headers.etag);
  fs.writeFileSync(file, ENTRY);
});

test('hashed files keep their year-long immutable caching, and 304 by ETag too', async () => {
  const first = await getRaw(gateway.url, '/main.3f9a1c2b.js', { 'accept-encoding': 'br' });
  expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  const again = await getRaw(gateway.url, '/main.3f9a1c2b.js', {
    'accept-encoding': 'br',
    'if-none-match': first.headers.etag as string,
  });
  expect(again.status).toBe(304);
});

describe('ranges and HEAD', () => {
  const plain = { 'accept-encoding': 'identity' };

  test('one byte range of the file: 206 with Content-Range', async () => {
    const reply = await getRaw(gateway.url, '/main.3f9a1c2b.js', { ...plain, range: 'bytes=12-21' });
    expect(reply.status).toBe(206);
    expect(reply.headers['content-range']).toBe(`bytes 12-21/${Buffer.byteLength(SCRIPT)}`);
    expect(reply.headers['content-length']).toBe('10');
    expect(reply.headers['accept-ranges']).toBe('bytes');
    expect(reply.body.toString('utf8')).toBe(SCRIPT.slice(12, 22));
    const tail = await getRaw(gateway.url, '/main.3f9a1c2b.js', { ...plain, range: 'bytes=-5' });
    expect(tail.status).toBe(206);
    expect(tail.body.toString('utf8')).toBe(SCRIPT.slice(-5));
    const open = await getRaw(gateway.url, '/main.3f9a1c2b.js', { ...plain, range: 'bytes=4400-' });
    expect(open.body.toString('utf8')).toBe(SCRIPT.slice(4400));
  });

  test('a range of the brotli copy is a range of those bytes, typed as the script', async () => {
    const br = fs.readFileSync(path.join(dir, 'shell', 'main.3f9a1c2b.js.br'));
    const reply = await getRaw(gateway.url, '/main.3f9a1c2b.js', {
      'accept-encoding': 'br',
      range: 'bytes=0-3',
    });
    expect(reply.status).toBe(206);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['content-type']).toMatch(/javascript/);
    expect(reply.headers['content-range']).toBe(`bytes 0-3/${br.length}`);
    expect(reply.body).toEqual(br.subarray(0, 4));
  });

  test('If-Range with another version, several ranges or a malformed one: the whole file', async () => {
    const cases: Record<string, string>[] = [
      { range: 'bytes=0-3', 'if-range': '"an-older-version"' },
      { range: 'bytes=0-3,10-12' },
      { range: 'lines=1-2' },
    ];
    for (const headers of cases) {
      const reply = await getRaw(gateway.url, '/main.3f9a1c2b.js', { ...plain, ...headers });
      expect({ headers, status: reply.status }).toEqual({ headers, status: 200 });
      expect(reply.body.toString('utf8')).toBe(SCRIPT);
    }
    const current = (await getRaw(gateway.url, '/main.3f9a1c2b.js', plain)).headers.etag as string;
    const resumed = await getRaw(gateway.url, '/main.3f9a1c2b.js', {
      ...plain,
      range: 'bytes=0-3',
      'if-range': current,
    });
    expect(resumed.status).toBe(206);
  });

  test('a range past the end: 416 with the size', async () => {
    const reply = await getRaw(gateway.url, '/main.3f9a1c2b.js', { ...plain, range: 'bytes=999999-' });
    expect(reply.status).toBe(416);
    expect(reply.headers['content-range']).toBe(`bytes */${Buffer.byteLength(SCRIPT)}`);
  });

  test('HEAD: the same headers as GET, no body', async () => {
    for (const encoding of ['br', 'identity']) {
      const get = await getRaw(gateway.url, '/feed', { ...page, 'accept-encoding': encoding });
      const head = await getRaw(gateway.url, '/feed', { ...page, 'accept-encoding': encoding }, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      for (const name of ['content-type', 'content-length', 'etag', 'cache-control', 'vary', 'link']) {
        expect({ encoding, name, value: head.headers[name] }).toEqual({
          encoding,
          name,
          value: get.headers[name],
        });
      }
      expect(head.headers['content-encoding']).toBe(get.headers['content-encoding']);
    }
  });
});

test('/remotes.json has a validator: 304 while current', async () => {
  const first = await getRaw(gateway.url, '/remotes.json');
  expect(first.status).toBe(200);
  expect(first.headers.etag).toBeTruthy();
  expect(JSON.parse(first.body.toString('utf8'))).toMatchObject({ feed: '/remotes/feed/mf-manifest.json' });
  const again = await getRaw(gateway.url, '/remotes.json', { 'if-none-match': first.headers.etag as string });
  expect(again.status).toBe(304);
  expect(again.body.length).toBe(0);
});

test('source maps are not served unless SOURCE_MAPS_PUBLIC is on', async () => {
  expect((await getRaw(gateway.url, '/main.3f9a1c2b.js.map')).status).toBe(404);
  expect((await getRaw(gateway.url, '/MAIN.3f9a1c2b.JS.MAP')).status).toBe(404);
  expect((await getRaw(gateway.url, '/remotes/feed/chunk.3f9a1c2b.js.map')).status).toBe(404);
  const served = await getRaw(withMaps.url, '/main.3f9a1c2b.js.map');
  expect(served.status).toBe(200);
  expect(JSON.parse(served.body.toString('utf8'))).toEqual({ version: 3, sources: [] });
  expect(served.headers['content-type']).toMatch(/json/);
  const remote = await getRaw(withMaps.url, '/remotes/feed/chunk.3f9a1c2b.js.map');
  expect(JSON.parse(remote.body.toString('utf8'))).toEqual({ version: 3, sources: ['feed'] });
});
