import { Joi, validate, validated, type ServiceDefinition } from '@devcircle/service-kit';
import type { Db } from 'mongodb';
import { BugReportRepository } from './repository';

type Router = Parameters<ServiceDefinition['routes']>[0];

export const BUG_MAX = 5000;
/** Enough to identify a browser; the header is the client's to make as long as it likes. */
export const USER_AGENT_MAX = 512;
export const BUG_THANKS = 'Thank you for reporting the bug!';

const bugBody = Joi.object({
  bug: Joi.string()
    .trim()
    .min(1)
    .max(BUG_MAX)
    .required()
    .messages({
      'any.required': 'Please describe the bug',
      'string.empty': 'Please describe the bug',
      'string.min': 'Please describe the bug',
      'string.base': 'The bug description must be text',
      'string.max': `The bug description must be at most ${BUG_MAX} characters`,
    }),
});

/**
 * `POST /api/report-bug`: public (the landing page has the dialog too), so the identity is optional; when the
 * gateway vouched for a caller, the report remembers who sent it.
 */
export function bugReportRoutes(router: Router, db: Db): void {
  const reports = new BugReportRepository(db);
  router.post('/api/report-bug', validate({ body: bugBody }), async (ctx) => {
    const { bug } = validated<{ bug: string }>(ctx.state, 'body');
    const identity = ctx.state.identity;
    const userAgent = ctx.get('user-agent').slice(0, USER_AGENT_MAX);
    await reports.add({
      bug,
      userAgent: userAgent || null,
      reporter: identity ? { id: identity.id, username: identity.username } : null,
    });
    ctx.status = 201;
    ctx.body = { message: BUG_THANKS };
  });
}
