import { Joi, textField, validate, validated, type Router } from '@devcircle/service-kit';
import type { NotificationsContext } from '../context';

export const BUG_MAX = 5000;
/** Enough to identify a browser; the header is the client's to make as long as it likes. */
export const USER_AGENT_MAX = 512;
export const BUG_THANKS = 'Thank you for reporting the bug!';

/** The description is prose (docs/text-hygiene.md): several lines, no controls, no hidden characters. */
const bugBody = Joi.object({
  bug: textField('prose', 'The bug description')
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
export function bugReportRoutes(router: Router, ctx: NotificationsContext): void {
  router.post('/api/report-bug', validate({ body: bugBody }), async (koa) => {
    const { bug } = validated<{ bug: string }>(koa.state, 'body');
    const identity = koa.state.identity;
    const userAgent = koa.get('user-agent').slice(0, USER_AGENT_MAX);
    await ctx.bugReports.add({
      bug,
      userAgent: userAgent || null,
      reporter: identity ? { id: identity.id, username: identity.username } : null,
    });
    koa.status = 201;
    koa.body = { message: BUG_THANKS };
  });
}
