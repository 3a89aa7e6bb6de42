import type { Middleware } from 'koa';

/** Runs middleware in order as one (what koa-compose does, without depending on Koa's internals). */
export function chain(middleware: Middleware[]): Middleware {
  return (ctx, next) => {
    const run = async (index: number): Promise<void> => {
      if (index === middleware.length) return next();
      await middleware[index](ctx, () => run(index + 1));
    };
    return run(0);
  };
}
