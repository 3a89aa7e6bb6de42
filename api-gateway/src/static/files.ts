import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Context, Middleware } from 'koa';
import send from 'koa-send';
import { REMOTES, type GatewayConfig } from '../config';
import { cacheControlFor, etagFor } from './cache';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>DevCircle</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
<h1>The web app is not built yet</h1>
<p>The API is running, but there is no build of the web app to serve. Run <code>npm run build</code> in the
repository, then reload this page.</p>
</body>
</html>
`;

const isFileRequest = (requestPath: string): boolean => path.posix.basename(requestPath).includes('.');

/** A browser navigation that the shell's router should handle: a GET for a page, not for a file or the API. */
function isNavigation(ctx: Context): boolean {
  return (
    (ctx.method === 'GET' || ctx.method === 'HEAD') &&
    !isFileRequest(ctx.path) &&
    ctx.accepts('html') === 'html' &&
    !ctx.path.startsWith('/api/') &&
    !ctx.path.startsWith('/remotes/')
  );
}

const setHeaders = (res: ServerResponse, filePath: string, stats: fs.Stats): void => {
  res.setHeader('Cache-Control', cacheControlFor(filePath));
  res.setHeader('ETag', etagFor(stats));
  // The build wrote brotli and gzip copies beside each file: which one is sent depends on Accept-Encoding.
  res.setHeader('Vary', 'Accept-Encoding');
};

const isSourceMap = (requestPath: string): boolean => requestPath.toLowerCase().endsWith('.map');

/**
 * Serves one file with its cache class, its brotli or gzip copy when the browser takes one (koa-send picks
 * `<file>.br`, then `<file>.gz`, by Accept-Encoding); answers 304 when the browser's copy is current.
 */
async function serve(ctx: Context, root: string, filePath: string): Promise<boolean> {
  try {
    const served = await send(ctx, filePath, {
      root,
      index: 'index.html',
      hidden: false,
      brotli: true,
      gzip: true,
      setHeaders,
    });
    if (!served) return false;
  } catch (err) {
    const status = (err as { status?: number }).status;
    if (status === 404) return false;
    throw err;
  }
  if (ctx.fresh) {
    if (ctx.body instanceof Readable) ctx.body.destroy();
    ctx.status = 304;
  }
  return true;
}

/**
 * Single-machine mode: the built shell at `/` with history fallback to its `index.html`, and each remote's build
 * under `/remotes/<name>/`. Folders are looked up per request, so a build made after the gateway started is
 * served without a restart, and a missing one never crashes it.
 */
export function staticFiles(config: Pick<GatewayConfig, 'static' | 'remotes'>): Middleware {
  const shellRoot = config.static.shellDist;
  const remoteRoots = REMOTES.map((name) => [`/remotes/${name}/`, config.remotes[name].dist] as const);

  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    // Source maps stay on the build's disk unless an operator turns them on (SOURCE_MAPS_PUBLIC).
    if (isSourceMap(ctx.path) && !config.static.publicSourceMaps) return next();

    for (const [prefix, root] of remoteRoots) {
      if (ctx.path.startsWith(prefix)) {
        if (!(await serve(ctx, root, ctx.path.slice(prefix.length)))) await next();
        return;
      }
    }

    const shellBuilt = fs.existsSync(path.join(shellRoot, 'index.html'));
    if (!shellBuilt) {
      if (isNavigation(ctx)) {
        ctx.status = 503;
        ctx.set('Cache-Control', 'no-store');
        ctx.type = 'html';
        ctx.body = NOT_BUILT_PAGE;
        return;
      }
      return next();
    }
    // `/` names the page itself: asked as index.html, so its compressed copy is found too.
    const requested = ctx.path.endsWith('/') ? `${ctx.path}index.html` : ctx.path;
    if (await serve(ctx, shellRoot, requested)) return;
    if (isNavigation(ctx) && (await serve(ctx, shellRoot, '/index.html'))) return;
    await next();
  };
}
