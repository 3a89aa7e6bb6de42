import path from 'node:path';

export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Files whose name never changes while their content does: always revalidated. */
const ENTRY_FILES = new Set(['index.html', 'remoteentry.js', 'mf-manifest.json', 'mf-stats.json']);

/**
 * A content hash in the file name (`main.3f9a1c2b.js`, `123.3f9a1c2b.chunk.js`, `vendor-3f9a1c2b.css`): at least
 * eight hex digits as one dot- or dash-separated part of the name, with at least one letter and one digit.
 */
const HASH_PART = /^(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{8,}$/i;

export function isHashed(fileName: string): boolean {
  const parts = path.basename(fileName).split(/[.-]/);
  // The last part is the extension; the first is the name (a chunk named only by its hash is still hashed).
  return parts.slice(0, -1).some((part) => HASH_PART.test(part));
}

/** The build's precompressed copies (`main.3f9a1c2b.js.br`) are cached like the file they hold. */
const COMPRESSED_COPY = /\.(br|gz)$/;

/** `Cache-Control` for a built file: entry points are revalidated, hashed chunks are cached for a year. */
export function cacheControlFor(filePath: string): string {
  const name = path.basename(filePath).toLowerCase().replace(COMPRESSED_COPY, '');
  if (ENTRY_FILES.has(name)) return NO_CACHE;
  return isHashed(name) ? IMMUTABLE : NO_CACHE;
}
