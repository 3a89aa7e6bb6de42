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

const SCRIPT = `console.log(${JSON.stringify('shell code '.repeat(400))});`;
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

/** A GET with exactly these headers (fetch adds its own Accept-Encoding and Cache-Control, and decodes). */
function getRaw(base: string, urlPath: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${urlPath}`, { headers, agent: false }, (response) => {
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
      .on('error', reject);
  });
}

const page = { accept: 'text/html' };

test.each([
  ['br, gzip', 'br', (body: Buffer) => brotliDecompressSync(body)],
  ['gzip, deflate', 'gzip', (body: Buffer) => gunzipSync(body)],
  ['gzip;q=0.5, br;q=1', 'br', (body: Buffer) => brotliDecompressSync(body)],
  ['br;q=0, gzip', 'gzip', (body: Buffer) => gunzipSync(body)],
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

test('no Accept-Encoding: the file as it is, still with Vary', async () => {
  const reply = await getRaw(gateway.url, '/main.3f9a1c2b.js');
  expect(reply.headers['content-encoding']).toBeUndefined();
  expect(reply.headers.vary).toMatch(/Accept-Encoding/i);
  expect(reply.body.toString('utf8')).toBe(SCRIPT);
});

test.each(['/', '/feed', '/profile/ada'])(
  'the page at %s comes compressed, never cached, with a validator',
  async (urlPath) => {
    const reply = await getRaw(gateway.url, urlPath, { ...page, 'accept-encoding': 'br' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['content-type']).toMatch(/text\/html/);
    expect(reply.headers['cache-control']).toBe('no-cache');
    expect(reply.headers.etag).toMatch(/^W\/"/);
    expect(brotliDecompressSync(reply.body).toString('utf8')).toBe(PAGE);
  },
);

test.each([
  ['index.html', '/', page],
  ['a manifest', '/remotes/feed/mf-manifest.json', {}],
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
    }
    const br = await getRaw(gateway.url, urlPath, { ...headers, 'accept-encoding': 'br' });
    const plain = await getRaw(gateway.url, urlPath, { ...headers, 'accept-encoding': 'identity' });
    expect(br.headers.etag).not.toBe(plain.headers.etag);
  },
);

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
  const served = await getRaw(withMaps.url, '/main.3f9a1c2b.js.map');
  expect(served.status).toBe(200);
  expect(JSON.parse(served.body.toString('utf8'))).toEqual({ version: 3, sources: [] });
});
