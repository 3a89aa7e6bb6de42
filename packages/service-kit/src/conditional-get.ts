import { createHash } from 'node:crypto';
import type { Context, Middleware } from 'koa';

/**
 * What a client sends with its token (the gateway turns it into the identity header, which a browser never sees):
 * an answer made for one member must not be reused for another.
 */
const VARY_ON = 'Authorization';

/**
 * A strong validator of `body`: the SHA-256 of its bytes, base64url, 22 characters, quoted — the gateway's static
 * files are tagged the same way (api-gateway/src/static/send.ts). Two answers with the same bytes have the same
 * tag, and any change of a byte gives another.
 */
export function entityTag(body: string): string {
  return `"${createHash('sha256').update(body, 'utf8').digest('base64url').slice(0, 22)}"`;
}

/** A JSON answer serialised and tagged by its handler (e.g. kept with a cache's entry), for `sendTaggedJson`. */
export interface TaggedJson {
  json: string;
  tag: string;
}

/** `body` serialised as Koa would send it, with its `entityTag`. */
export function taggedJson(body: unknown): TaggedJson {
  const json = JSON.stringify(body);
  return { json, tag: entityTag(json) };
}

/** Marks answers whose bytes and tag the handler gave (the middleware then neither serialises nor hashes). */
const PRE_TAGGED = Symbol('pre-tagged JSON');

declare module 'koa' {
  interface DefaultState {
    [PRE_TAGGED]?: true;
  }
}

/**
 * Answers `answer`'s JSON with its tag: what `conditionalGet` does for an object body (the same bytes, tag,
 * Cache-Control, Vary and 304), without serialising and hashing again what the handler already held.
 */
export function sendTaggedJson(ctx: Context, answer: TaggedJson): void {
  ctx.body = answer.json;
  ctx.type = 'application/json; charset=utf-8';
  ctx.set('ETag', answer.tag);
  ctx.state[PRE_TAGGED] = true;
}

/**
 * A JSON answer the middleware may tag: a 2xx plain object or array (what Koa sends as JSON; not a Buffer, a
 * stream, a Blob or a Response) that was not marked as never to be stored.
 */
function taggable(ctx: Context): boolean {
  const body: unknown = ctx.body;
  if (ctx.status < 200 || ctx.status > 299 || body === null || typeof body !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(body);
  if (!Array.isArray(body) && prototype !== Object.prototype && prototype !== null) return false;
  return !/no-store/i.test(ctx.response.get('Cache-Control'));
}

/**
 * Conditional GET for the services' JSON answers (docs/caching.md): every 2xx JSON answer to a GET or HEAD is
 * serialised once here, carries a strong `ETag` of those bytes, and a request whose `If-None-Match` names it is
 * answered 304 with no body. The match itself is Koa's `ctx.fresh` (jshttp's `fresh`: the list, `*`, weak
 * comparison), exactly what koa-conditional-get does.
 *
 * The tag is a hash of the body the caller gets, so answers that differ per member (likedByMe, what privacy lets
 * them see) have different tags by construction. A member's answers are marked `private, no-cache` (a browser
 * may keep them but asks again each time, sending the tag; no shared cache stores them) and `Vary: Authorization`.
 * Mounted inside the compression, so the tag is that of the JSON, whichever encoding goes on the wire: the same
 * tag for the identity and the compressed variant, as with Express's `compression` (`Vary: Accept-Encoding` is set
 * by the compression).
 */
export function conditionalGet(): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    await next();
    // Serialised and tagged by the handler (sendTaggedJson): only the headers and the match below.
    const preTagged =
      ctx.state[PRE_TAGGED] && ctx.status >= 200 && ctx.status <= 299 && typeof ctx.body === 'string';
    if (!preTagged) {
      if (!taggable(ctx)) return;
      // Koa would stringify the object when sending it; the tag needs the bytes first, so it happens once, here.
      // The JSON Content-Type Koa set for the object stays.
      const json = JSON.stringify(ctx.body);
      ctx.body = json;
      ctx.set('ETag', entityTag(json));
    }
    if (!ctx.response.get('Cache-Control')) {
      ctx.set('Cache-Control', ctx.state.identity ? 'private, no-cache' : 'no-cache');
    }
    if (ctx.state.identity) ctx.vary(VARY_ON);
    if (ctx.fresh) {
      ctx.status = 304;
      ctx.body = null;
    }
  };
}
