import fs from 'node:fs';
import path from 'node:path';
import type { Context, Middleware } from 'koa';
import { REMOTES, type GatewayConfig } from '../config';
import type { LinkPreviews } from './link-preview';
import { linkHeader, RemotePreloads, remoteToPreload } from './preload';
import { sendFile } from './send';

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

const isSourceMap = (requestPath: string): boolean => requestPath.toLowerCase().endsWith('.map');

/**
 * Single-machine mode: the built shell at `/` with history fallback to its `index.html`, and each remote's build
 * under `/remotes/<name>/`. Folders are looked up per request, so a build made after the gateway started is
 * served without a restart, and a missing one never crashes it. With `previews`, an unfurler's request for a post
 * page gets the shell's page with that post's OpenGraph tags (link-preview.ts).
 */
export function staticFiles(
  config: Pick<GatewayConfig, 'static' | 'remotes'>,
  previews?: LinkPreviews,
): Middleware {
  const shellRoot = config.static.shellDist;
  const remoteRoots = REMOTES.map((name) => [`/remotes/${name}/`, config.remotes[name].dist] as const);
  const preloads = new RemotePreloads(config.remotes);

  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    // Source maps stay on the build's disk unless an operator turns them on (SOURCE_MAPS_PUBLIC).
    if (isSourceMap(ctx.path) && !config.static.publicSourceMaps) return next();

    for (const [prefix, root] of remoteRoots) {
      if (ctx.path.startsWith(prefix)) {
        if (!(await sendFile(ctx, root, ctx.path.slice(prefix.length)))) await next();
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
    if (await sendFile(ctx, shellRoot, requested)) return;
    if (!isNavigation(ctx)) return next();
    if (previews && (await previews.serve(ctx, shellRoot))) return;
    // A deep link: the shell's page, and a hint to fetch the remote that draws this path's screen meanwhile.
    const remote = remoteToPreload(ctx.path);
    const hints = remote ? await preloads.hints(remote) : [];
    if (hints.length > 0) ctx.set('Link', linkHeader(hints));
    if (await sendFile(ctx, shellRoot, '/index.html')) return;
    ctx.remove('Link');
    await next();
  };
}
