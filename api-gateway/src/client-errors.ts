import {
  CLIENT_ERROR_KINDS,
  CLIENT_ERROR_LIMITS,
  CLIENT_ERRORS_PATH,
  type ClientErrorReport,
} from '@devcircle/contracts';
import { badRequest, Joi, parseJsonBody, type Logger } from '@devcircle/service-kit';
import type { Middleware } from 'koa';
import { chain } from './compose';
import { rateLimit, type RateLimits } from './limits';
import { readCapped } from './proxy/body';

const NAME = /^[a-z0-9@][\w@./-]*$/i;

const reportSchema = Joi.object<ClientErrorReport>({
  remote: Joi.string().pattern(NAME).max(CLIENT_ERROR_LIMITS.remote).required(),
  version: Joi.string().pattern(NAME).max(CLIENT_ERROR_LIMITS.version).required(),
  kind: Joi.string()
    .valid(...CLIENT_ERROR_KINDS)
    .required(),
  message: Joi.string().max(CLIENT_ERROR_LIMITS.message).required(),
  stack: Joi.string().max(CLIENT_ERROR_LIMITS.stack),
  path: Joi.string().pattern(/^\//).max(CLIENT_ERROR_LIMITS.path),
}).unknown(false);

/**
 * `POST /api/client-errors` (contracts' ClientErrorReport), answered by the gateway itself: limited per IP by the
 * gateway's rate limiter (`clientErrors`), the body read up to 16 kB, every field checked, then one `warn` line
 * "browser error" with the remote's name and version (and the request and trace ids). 204, no body. Any other
 * request goes on.
 */
export function clientErrors(rateLimits: RateLimits, logger: Logger): Middleware {
  const receive = chain([
    rateLimit(rateLimits, 'clientErrors', CLIENT_ERROR_LIMITS.bodyBytes),
    async (ctx) => {
      const body = await readCapped(ctx.req, CLIENT_ERROR_LIMITS.bodyBytes);
      const { value, error } = reportSchema.validate(parseJsonBody(body, ctx.get('content-type')), {
        abortEarly: false,
        convert: false,
      });
      if (error) {
        throw badRequest(
          'Invalid client error report',
          error.details.map((detail) => ({ field: detail.path.join('.'), message: detail.message })),
        );
      }
      const report = value as ClientErrorReport;
      (ctx.state.logger ?? logger).warn(
        {
          remote: report.remote,
          version: report.version,
          kind: report.kind,
          message: report.message,
          ...(report.stack ? { stack: report.stack } : {}),
          ...(report.path ? { page: report.path } : {}),
          userAgent: ctx.get('user-agent').slice(0, 300),
        },
        'browser error',
      );
      ctx.status = 204;
    },
  ]);
  return (ctx, next) => {
    if (ctx.path !== CLIENT_ERRORS_PATH) return next();
    ctx.state.metricsRoute = 'client-errors';
    if (ctx.method !== 'POST') {
      ctx.status = 405;
      ctx.set('Allow', 'POST');
      return undefined;
    }
    return receive(ctx, next);
  };
}
