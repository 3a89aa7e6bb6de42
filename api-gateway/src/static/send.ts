import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import fs, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'koa';
import { cacheControlFor } from './cache';
import { negotiateEncoding, type Coding } from './negotiate';
import { parseRange } from './range';

/** The build's precompressed copies beside each file (packages/webpack-config/compress.js). */
const COPY_SUFFIX = { br: '.br', gzip: '.gz' } as const;

/**
 * The file under `root` that a URL path names, or null: percent-decoded, segment by segment; a segment that is
 * hidden or climbs (`.`, `..`, `.env`), or holds a backslash or a NUL, names nothing.
 */
export function resolveFile(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const segments = decoded.split('/').filter((segment) => segment !== '');
  if (segments.length === 0) return null;
  if (segments.some((segment) => segment.startsWith('.') || /[\\\0]/.test(segment))) return null;
  return path.join(root, ...segments);
}

/** The regular file at `file`, or null when there is none (missing, a folder, a name too long). */
async function fileStats(file: string): Promise<Stats | null> {
  try {
    const stats = await fs.stat(file);
    return stats.isFile() ? stats : null;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ENAMETOOLONG') return null;
    throw err;
  }
}

/**
 * Strong validators from content: a SHA-256 of the bytes sent, computed once per version of a file (its inode,
 * size and modification time) and kept in memory. Every gateway serving the same build gives the same tag, and
 * each encoding, being its own file, has its own.
 */
const tags = new Map<string, { version: string; etag: string }>();
const MAX_TAGS = 10_000;

const versionOf = (stats: Stats): string => `${stats.ino}-${stats.size}-${stats.mtimeMs}`;

/** The file's tag, reading it (through `read`, which keeps the bytes for this answer) only the first time. */
async function etagOf(file: string, stats: Stats, read: () => Promise<Buffer>): Promise<string> {
  const version = versionOf(stats);
  const known = tags.get(file);
  if (known?.version === version) return known.etag;
  const etag = `"${createHash('sha256')
    .update(await read())
    .digest('base64url')
    .slice(0, 22)}"`;
  if (tags.size >= MAX_TAGS) tags.clear(); // builds come and go; a long-running gateway starts over
  tags.set(file, { version, etag });
  return etag;
}

/** Whether a `Range` may be honoured: no `If-Range`, or one that names this very version (RFC 9110 §13.1.5). */
function rangeAllowed(ctx: Context, etag: string, lastModified: string): boolean {
  const ifRange = ctx.get('if-range');
  if (!ifRange) return true;
  return ifRange.startsWith('"') || ifRange.startsWith('W/') ? ifRange === etag : ifRange === lastModified;
}

/**
 * Sends the file a URL path names under `root` (GET or HEAD): its brotli or gzip copy when the build wrote one
 * and `Accept-Encoding` takes it (q-values honoured, brotli first on a tie), typed as the original, with its cache
 * class, a strong content `ETag`, `Last-Modified` and `Vary: Accept-Encoding`; 304 while the browser's copy is
 * current; one byte range of the representation sent (206, or 416) when asked. Returns false when there is no
 * such file, so the caller can fall back.
 */
export async function sendFile(ctx: Context, root: string, urlPath: string): Promise<boolean> {
  const file = resolveFile(root, urlPath);
  if (!file || !(await fileStats(file))) return false;

  const available: Coding[] = ['identity'];
  for (const coding of ['br', 'gzip'] as const) {
    if (await fileStats(file + COPY_SUFFIX[coding])) available.push(coding);
  }
  const coding = negotiateEncoding(ctx.headers['accept-encoding'], available);
  const chosen = coding === 'identity' ? file : file + COPY_SUFFIX[coding];

  let handle: FileHandle;
  try {
    handle = await fs.open(chosen, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false; // removed by a build meanwhile
    throw err;
  }
  let streaming = false;
  try {
    const stats = await handle.stat();
    let content: Buffer | undefined;
    const etag = await etagOf(chosen, stats, async () => (content = await handle.readFile()));
    const lastModified = stats.mtime.toUTCString();

    ctx.status = 200;
    ctx.type = path.extname(file);
    ctx.set('Cache-Control', cacheControlFor(file));
    ctx.set('ETag', etag);
    ctx.set('Last-Modified', lastModified);
    ctx.set('Accept-Ranges', 'bytes');
    ctx.vary('Accept-Encoding');
    if (coding !== 'identity') ctx.set('Content-Encoding', coding);
    // Compressed at build time or not worth compressing: never again on the fly (a range of it, least of all).
    ctx.compress = false;

    if (ctx.fresh) {
      ctx.status = 304;
      return true;
    }

    const range = rangeAllowed(ctx, etag, lastModified) ? parseRange(ctx.get('range'), stats.size) : null;
    if (range === 'unsatisfiable') {
      ctx.status = 416;
      ctx.set('Content-Range', `bytes */${stats.size}`);
      ctx.remove('Content-Encoding');
      ctx.type = 'text/plain';
      ctx.body = 'Range Not Satisfiable';
      return true;
    }
    const start = range?.start ?? 0;
    const end = range?.end ?? stats.size - 1;
    if (range) {
      ctx.status = 206;
      ctx.set('Content-Range', `bytes ${start}-${end}/${stats.size}`);
    }
    const length = Math.max(0, end - start + 1);

    if (ctx.method === 'HEAD') {
      ctx.length = length;
    } else if (content || length === 0) {
      ctx.body = (content ?? Buffer.alloc(0)).subarray(start, end + 1);
    } else {
      ctx.body = handle.createReadStream({ start, end });
      ctx.length = length;
      streaming = true; // the stream closes the file when it ends or the client goes away
    }
    return true;
  } finally {
    if (!streaming) await handle.close();
  }
}
