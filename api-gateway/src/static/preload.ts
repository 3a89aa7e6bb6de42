import fs from 'node:fs/promises';
import { remoteForPath, ROUTES } from '@devcircle/contracts';
import { REMOTES, type GatewayConfig, type RemoteName } from '../config';
import { resolveFile } from './send';

/** One `Link: <…>; rel=preload` hint. */
export interface PreloadHint {
  href: string;
  as: 'fetch' | 'script';
  /** Whether the request it stands for is a CORS one (the federation runtime's `fetch` of a manifest). */
  crossorigin: boolean;
}

/**
 * The remote whose screen a page load at `urlPath` most likely opens, for the gateway's hints. The gateway cannot
 * tell a member from a visitor (the session is in the page's storage, not in a cookie), so it takes the path's
 * screen for a member (`/feed`, `/post/:id`, `/profile/:u`, `/explore`, `/notifications`, `/settings`…), else the
 * one a visitor sees (the account screens: `/login`, `/register`…). None for `/`, the landing when signed out,
 * nor for the shell's own pages.
 */
export function remoteToPreload(urlPath: string): RemoteName | null {
  if (urlPath === ROUTES.landing) return null;
  return remoteForPath(urlPath, true) ?? remoteForPath(urlPath, false);
}

/** What the federation runtime's manifest says about where the entry is (the part read here). */
interface ManifestMeta {
  metaData?: {
    publicPath?: string;
    remoteEntry?: { name?: string; path?: string; type?: string };
  };
}

/** `@module-federation/sdk`'s `simpleJoinRemoteEntry`: the entry's path inside the remote's public path. */
function joinEntry(entryPath: string | undefined, name: string): string {
  let folder = entryPath ?? '';
  if (folder === '.') folder = '';
  else if (folder.startsWith('./')) folder = folder.slice(2);
  else if (folder.startsWith('/')) folder = folder.slice(1).replace(/\/$/, '');
  if (!folder) return name;
  return folder.endsWith('/') ? `${folder}${name}` : `${folder}/${name}`;
}

/**
 * The URL the runtime loads a remote's entry from, as it computes it (`publicPath` `auto`: the manifest's own
 * folder), or null when the manifest names it some other way (a `getPublicPath` function, an ES module entry).
 */
export function entryUrl(manifestUrl: string, manifest: ManifestMeta): string | null {
  const meta = manifest.metaData;
  const entry = meta?.remoteEntry;
  if (!meta || typeof meta.publicPath !== 'string' || !entry?.name) return null;
  if (entry.type !== undefined && entry.type !== 'global' && entry.type !== 'var') return null;
  const publicPath =
    meta.publicPath === 'auto' || meta.publicPath === ''
      ? manifestUrl
          .replace(/#.*$/, '')
          .replace(/\?.*$/, '')
          .replace(/\/[^/]+$/, '/')
      : meta.publicPath;
  return `${publicPath}${joinEntry(entry.path, entry.name)}`;
}

/** A URL that can stand in a `Link` header as it is (no `<`, `>`, `,`, spaces or quotes to escape). */
const linkSafe = (url: string): boolean =>
  /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+;=%]+$/.test(url) && !url.includes(',');

/**
 * The hints for one remote: its `mf-manifest.json` (fetched by the runtime with `fetch()`, a CORS request with
 * same-origin credentials, hence `as=fetch` with `crossorigin`) and its `remoteEntry.js` (a classic `<script>`
 * without a `crossorigin` attribute, hence `as=script` without one), each matching the request the runtime will
 * make so the browser uses the preloaded answer instead of downloading again. A remote served by this gateway
 * gets both when its build is there (the entry is read from its manifest), and none when it is not; one hosted
 * elsewhere gets its manifest's hint only.
 */
export class RemotePreloads {
  private readonly cache = new Map<RemoteName, { version: string; hints: PreloadHint[] }>();

  constructor(private readonly remotes: GatewayConfig['remotes']) {}

  /** Where `url` (from `/remotes.json`) is on this gateway's disk: under `/remotes/<name>/`, else null. */
  private localFile(url: string): string | null {
    for (const name of REMOTES) {
      const prefix = `/remotes/${name}/`;
      if (url.startsWith(prefix)) return resolveFile(this.remotes[name].dist, url.slice(prefix.length));
    }
    return null;
  }

  async hints(remote: RemoteName): Promise<PreloadHint[]> {
    const manifestUrl = this.remotes[remote].url;
    if (!linkSafe(manifestUrl)) return [];
    const manifestHint: PreloadHint = { href: manifestUrl, as: 'fetch', crossorigin: true };
    if (/^https?:\/\//i.test(manifestUrl)) return [manifestHint];
    const file = this.localFile(manifestUrl);
    if (!file) return [manifestHint];

    let version: string;
    try {
      const stats = await fs.stat(file);
      version = `${stats.ino}-${stats.size}-${stats.mtimeMs}`;
    } catch {
      return []; // not built: nothing to hint (the screen shows its fallback)
    }
    const known = this.cache.get(remote);
    if (known?.version === version) return known.hints;

    const hints = [manifestHint];
    try {
      const manifest = JSON.parse(await fs.readFile(file, 'utf8')) as ManifestMeta;
      const entry = entryUrl(manifestUrl, manifest);
      const entryFile = entry && this.localFile(entry);
      if (entry && entryFile && linkSafe(entry) && (await fs.stat(entryFile)).isFile()) {
        hints.push({ href: entry, as: 'script', crossorigin: false });
      }
    } catch {
      // A manifest being rewritten, or an entry not there: the manifest's hint alone.
    }
    this.cache.set(remote, { version, hints });
    return hints;
  }
}

/** The hints as one `Link` header value. */
export function linkHeader(hints: readonly PreloadHint[]): string {
  return hints
    .map((hint) => `<${hint.href}>; rel=preload; as=${hint.as}${hint.crossorigin ? '; crossorigin' : ''}`)
    .join(', ');
}
