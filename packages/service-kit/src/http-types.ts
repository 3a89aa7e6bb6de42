import type KoaRouter from '@koa/router';
import type { Middleware as KoaMiddleware } from 'koa';

/**
 * Koa's router and middleware types as the kit hands them to a service's routes: koa is the kit's dependency,
 * not the services', so they name these instead.
 */
export type Router = KoaRouter;
export type Middleware = KoaMiddleware;
