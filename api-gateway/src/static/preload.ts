import fs from 'node:fs/promises';
import { remoteForPath, ROUTES } from '@devcircle/contracts';
import { REMOTES, type GatewayConfig, type RemoteName } from '../config';
import { resolveFile } from './send';

/** One `Link: <…>; rel=preload` hint. */
export interface PreloadHint {
  href: string;
  as: 'fetch';
  /** Whether the request it stands for is a CORS one (the federation runtime's `fetch` of a manifest is). */
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

/** A URL that can stand in a `Link` header as it is (no `<`, `>`, `,`, spaces or quotes to escape). */
const linkSafe = (url: string): boolean =>
  /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+;=%]+$/.test(url) && !url.includes(',');

/**
 * The hint for one remote: its `mf-manifest.json`, which the federation runtime fetches with `fetch()` (a CORS
 * request with same-origin credentials, hence `as=fetch` with `crossorigin`, so the browser hands the runtime the
 * preloaded answer instead of downloading again). A remote served by this gateway gets it only when it is built;
 * one hosted elsewhere always.
 *
 * Not its `remoteEntry.js`: Chromium keeps a preload that failed until a request for the same URL consumes it, so
 * when the manifest could not be fetched either (the runtime then never asks for the entry), the entry's failed
 * preload would answer the script request of the screen's Retry, and Retry would fail once more with the network
 * back. A failed manifest preload is consumed by the runtime's first fetch, which would have failed as well.
 */
export class RemotePreloads {
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
    const hint: PreloadHint = { href: manifestUrl, as: 'fetch', crossorigin: true };
    if (/^https?:\/\//i.test(manifestUrl)) return [hint];
    const file = this.localFile(manifestUrl);
    if (!file) return [hint];
    // Not built: nothing to hint (the screen shows its fallback).
    return (await isFile(file)) ? [hint] : [];
  }
}

const isFile = (file: string): Promise<boolean> =>
  fs.stat(file).then(
    (stats) => stats.isFile(),
    () => false,
  );

/** The hints as one `Link` header value. */
export function linkHeader(hints: readonly PreloadHint[]): string {
  return hints
    .map((hint) => `<${hint.href}>; rel=preload; as=${hint.as}${hint.crossorigin ? '; crossorigin' : ''}`)
    .join(', ');
}
