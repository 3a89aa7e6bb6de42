import { createHash } from 'node:crypto';
import { HttpError, parseJsonBody, retryUntilDone, type Logger } from '@devcircle/service-kit';
import type { Middleware } from 'koa';
import type { Db } from 'mongodb';
import {
  RateLimiterMemory,
  RateLimiterMongo,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { ACCOUNT_KEYS, LIMITED_ROUTES, type GatewayConfig, type LimitedRoute } from '../config';
import { discardBody, payloadTooLarge, readCapped } from '../proxy/body';

/** The gateway's own collection: one document per counted key, removed by a TTL index when its window ends. */
export const RATE_LIMIT_COLLECTION = 'gateway_rate_limits';

/** The limited routes that name the account in the body take small JSON bodies; auth accepts at most 100 kB. */
const LIMITED_BODY_CAP = 100 * 1024;

type Scope = 'ip' | 'account';

declare module 'koa' {
  interface DefaultState {
    /** A body the gateway had to read (limited routes); forwarded as these exact bytes. */
    forwardBody?: Buffer;
  }
}

/** "in 45 seconds", "in 1 minute", "in 58 minutes": what a person reads; `Retry-After` keeps the exact seconds. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

function tooManyAttempts(msBeforeNext: number): HttpError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new HttpError(429, `Too many attempts. Please try again in ${waitText(seconds)}.`, {
    code: 'RATE_LIMITED',
    headers: { 'Retry-After': String(seconds) },
  });
}

/** Account keys are e-mails and link tokens: only their hash is stored. */
const hashed = (value: string): string => createHash('sha256').update(value).digest('base64url');

export interface RateLimits {
  /** Counts one attempt; throws 429 with Retry-After when the limit is reached. */
  consume(route: LimitedRoute, scope: Scope, key: string): Promise<void>;
  /** Forgets the attempts counted for a key (a successful login clears that account's count). */
  reset(route: LimitedRoute, scope: Scope, key: string): Promise<void>;
  stop(): void;
}

/**
 * One limiter per route and scope. With a database, counts live in Mongo so every gateway instance shares them,
 * and an in-memory limiter with the same limits insures against the database being down.
 */
export function createRateLimits(
  config: GatewayConfig['rateLimits'],
  db: Promise<Db> | undefined,
  logger: Logger,
): RateLimits {
  const limiters = new Map<string, RateLimiterAbstract>();
  for (const route of LIMITED_ROUTES) {
    const { perIp, perAccount, windowSeconds } = config.routes[route];
    for (const [scope, points] of [
      ['ip', perIp],
      ['account', perAccount],
    ] as const) {
      const keyPrefix = `${route}:${scope}`;
      const memory = new RateLimiterMemory({ keyPrefix, points, duration: windowSeconds });
      limiters.set(
        keyPrefix,
        db
          ? new RateLimiterMongo({
              // A promise: until it resolves, the limiter reports "not established" and the insurance counts.
              storeClient: db,
              tableName: RATE_LIMIT_COLLECTION,
              keyPrefix,
              points,
              duration: windowSeconds,
              insuranceLimiter: memory,
              disableIndexesCreation: true,
            })
          : memory,
      );
    }
  }

  // Indexes are declared by the gateway (and retried while the database is down) rather than by the library.
  let indexes: { stop(): void } | undefined;
  let stopped = false;
  void db?.then((connected) => {
    if (stopped) return;
    indexes = retryUntilDone(
      async () => {
        const collection = connected.collection(RATE_LIMIT_COLLECTION);
        await collection.createIndex({ key: 1 }, { unique: true });
        await collection.createIndex({ expire: -1 }, { expireAfterSeconds: 0 });
      },
      logger,
      'rate-limit indexes',
    );
  });

  const limiterOf = (route: LimitedRoute, scope: Scope): RateLimiterAbstract =>
    limiters.get(`${route}:${scope}`) as RateLimiterAbstract;
  const keyOf = (scope: Scope, key: string): string => (scope === 'account' ? hashed(key) : key);

  return {
    async consume(route, scope, key) {
      try {
        await limiterOf(route, scope).consume(keyOf(scope, key));
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) throw tooManyAttempts(rejection.msBeforeNext);
        // Neither the store nor its insurance could count: let the attempt through rather than lock everyone out.
        logger.error({ err: (rejection as Error)?.message, route }, 'rate limiter failed');
      }
    },
    async reset(route, scope, key) {
      try {
        await limiterOf(route, scope).delete(keyOf(scope, key));
      } catch (err) {
        logger.warn({ err: (err as Error)?.message, route }, 'rate limit reset failed');
      }
    },
    stop: () => {
      stopped = true;
      indexes?.stop();
    },
  };
}

/** Content types the services' body parser reads as JSON (koa-body's list, and any `+json`). */
const JSON_TYPE = /^application\/(?:json|[\w.-]+\+json|csp-report)\s*(?:;|$)/i;

/**
 * The body as the service will read it. A JSON body is read here once (UTF-8, a byte-order mark dropped; 400 when
 * it is not JSON, 415 for another charset) and forwarded as plain JSON, so auth reads exactly what the limits
 * counted; any other body goes on as the same bytes (auth reads none of it).
 */
function readForLimits(body: Buffer, contentType: string): { fields: unknown; forward: Buffer } {
  if (body.length === 0 || !JSON_TYPE.test(contentType)) return { fields: undefined, forward: body };
  const fields = parseJsonBody(body, contentType);
  return { fields, forward: Buffer.from(JSON.stringify(fields), 'utf8') };
}

/** The e-mail (lower-cased) or the reset token a body names. */
function bodyAccount(key: 'email' | 'token', parsed: unknown): string | undefined {
  const fields = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  const value = fields[key];
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  return key === 'token' ? value : value.trim().toLowerCase();
}

/** Routes whose success clears the account's count: only failed attempts (wrong passwords) add up. */
const CLEARED_BY_SUCCESS: ReadonlySet<LimitedRoute> = new Set(['login', 'changePassword']);

/**
 * Limits a route per IP, then per account. For the routes that name the account in the body, that means reading
 * the (small, capped) body here; it is then forwarded as the JSON that was read. The others count the signed-in
 * caller and stream their body as usual.
 */
export function rateLimit(limits: RateLimits, route: LimitedRoute, maxBodyBytes: number): Middleware {
  const cap = Math.min(LIMITED_BODY_CAP, maxBodyBytes);
  const key = ACCOUNT_KEYS[route];
  return async (ctx, next) => {
    await limits.consume(route, 'ip', ctx.state.clientIp ?? ctx.ip);

    let account: string | undefined;
    if (key === 'caller') {
      account = ctx.state.identity?.id;
    } else {
      const declared = Number(ctx.get('content-length') || 0);
      if (declared > cap) {
        discardBody(ctx.req);
        throw payloadTooLarge(cap);
      }
      const { fields, forward } = readForLimits(await readCapped(ctx.req, cap), ctx.get('content-type'));
      ctx.state.forwardBody = forward;
      delete ctx.req.headers['transfer-encoding'];
      ctx.req.headers['content-length'] = String(forward.length);
      account = bodyAccount(key, fields);
    }

    if (account) await limits.consume(route, 'account', account);
    await next();
    if (CLEARED_BY_SUCCESS.has(route) && account && ctx.status >= 200 && ctx.status < 300) {
      await limits.reset(route, 'account', account);
    }
  };
}
