import type { Middleware } from 'koa';
import { BoundedMap } from './bounded-map';
import { type Joi, validate } from './validation';

/** How many distinct query strings a route remembers (a feed's are few: a limit, a page, a cursor). */
export const QUERIES_HELD = 1_000;

/**
 * `validate({ query })` for a hot read route, with what a valid query string validates to remembered: the same
 * string always gives the same clean value (Joi's defaults and conversions depend on nothing else), so a repeat
 * skips Joi, which was 7.6 % of the posts service's CPU on a cached feed page (bench/api --profile-posts). Invalid
 * strings are not held (they take the full check and its 400 every time); past the cap the oldest goes. The handler
 * gets a copy of its own (the clean values are flat: numbers and strings).
 */
export function rememberedQuery(schema: Joi.ObjectSchema, capacity = QUERIES_HELD): Middleware {
  const check = validate({ query: schema });
  const held = new BoundedMap<string, Record<string, unknown>>(capacity);
  return async (ctx, next) => {
    const key = ctx.querystring;
    const clean = held.get(key);
    if (clean) {
      ctx.state.valid = { query: { ...clean } };
      return next();
    }
    return check(ctx, async () => {
      held.set(key, { ...(ctx.state.valid?.query as Record<string, unknown>) });
      await next();
    });
  };
}
