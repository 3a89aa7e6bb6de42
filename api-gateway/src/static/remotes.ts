import type { Middleware } from 'koa';
import { REMOTES, type GatewayConfig } from '../config';
import { NO_CACHE } from './cache';

/**
 * `/remotes.json`: where the shell finds each remote's `mf-manifest.json`, from configuration. Pointing one
 * entry at a new build changes what users get on their next load, with no shell rebuild.
 */
export function remotesManifest(remotes: GatewayConfig['remotes']): Middleware {
  const manifest = Object.fromEntries(REMOTES.map((name) => [name, remotes[name].url]));
  return async (ctx) => {
    ctx.set('Cache-Control', NO_CACHE);
    ctx.body = manifest;
  };
}
