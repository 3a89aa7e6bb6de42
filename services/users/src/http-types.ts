import type { ServiceDefinition, validate } from '@devcircle/service-kit';

/** Koa's router and middleware types as the kit hands them over: koa is the kit's dependency, not ours. */
export type Router = Parameters<ServiceDefinition['routes']>[0];
export type Middleware = ReturnType<typeof validate>;
