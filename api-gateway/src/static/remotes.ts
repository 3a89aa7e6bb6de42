import { createHash } from 'node:crypto';
import type { Middleware } from 'koa';
import { REMOTES, type GatewayConfig } from '../config';
import { NO_CACHE } from './cache';

/**
 * `/remotes.json`: where the shell finds each remote's `mf-manifest.json`, from configuration. Pointing one
 * entry at a new build changes what users get on their next load, with no shell rebuild.
 */
export function remotesManifest(remotes: GatewayConfig['remotes']): Middleware {
  const body = JSON.stringify(Object.fromEntries(REMOTES.map((name) => [name, remotes[name].url])));
  // Fixed for the process's life: a browser that holds it is answered 304.
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return async (ctx) => {
    ctx.set('Cache-Control', NO_CACHE);
    ctx.set('ETag', etag);
    ctx.type = 'json';
    ctx.status = 200; // `fresh` compares validators only for a successful answer
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.body = body;
  };
}
