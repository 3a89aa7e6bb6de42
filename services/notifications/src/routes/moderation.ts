import {
  MODERATION_ACTIONS,
  type ModerationAction,
  type ModerationBugReportsPage,
  type ModerationDecisionAnswer,
  type ModerationReportsPage,
  type ModeratorStatus,
} from '@devcircle/contracts';
import {
  callerIn,
  Joi,
  limitField,
  objectIdString,
  parseObjectId,
  requireIdentity,
  validate,
  validated,
  type Router,
} from '@devcircle/service-kit';
import type { ObjectId } from 'mongodb';
import { toModerationBugReport } from '../bug-reports/repository';
import type { NotificationsContext } from '../context';
import { decide, DECISION_MESSAGES } from '../moderation/decide';
import { isModerator, requireModerator } from '../moderation/moderators';
import { toModerationReport } from '../reports/report';

export const MODERATION_PAGE_SIZE = 20;

interface PageParams {
  limit: number;
  before?: string;
}

const pageParams = Joi.object<PageParams>({
  limit: limitField(MODERATION_PAGE_SIZE),
  before: objectIdString('before'),
});

const reportParams = Joi.object({ id: objectIdString('Report id').required() });

const decisionBody = Joi.object<{ action: ModerationAction }>({
  action: Joi.string()
    .valid(...MODERATION_ACTIONS)
    .required()
    .messages({
      'any.required': `The action must be one of ${MODERATION_ACTIONS.join(', ')}`,
      'any.only': `The action must be one of ${MODERATION_ACTIONS.join(', ')}`,
      'string.base': `The action must be one of ${MODERATION_ACTIONS.join(', ')}`,
    }),
});

/** A page of documents fetched with one extra: the page, whether there are more, and the next cursor. */
function paged<T extends { _id: ObjectId }>(found: T[], limit: number) {
  const page = found.slice(0, limit);
  const hasMore = found.length > limit;
  return { page, hasMore, nextCursor: hasMore ? page[page.length - 1]._id.toHexString() : null };
}

/**
 * The moderators' API (issue 20, docs/moderation.md): whether the caller moderates (any member may ask), and for
 * moderators only (403 for everyone else, 401 signed out) the open reports newest first, the bug reports, and the
 * decisions.
 */
export function moderationRoutes(router: Router, ctx: NotificationsContext): void {
  const moderatorOnly = requireModerator(ctx);

  router.get('/api/moderation/me', requireIdentity, (koa) => {
    const answer: ModeratorStatus = { moderator: isModerator(ctx, callerIn(koa.state).username) };
    koa.body = answer;
  });

  router.get('/api/moderation/reports', ...moderatorOnly, validate({ query: pageParams }), async (koa) => {
    const { limit, before } = validated<PageParams>(koa.state, 'query');
    const { page, hasMore, nextCursor } = paged(
      await ctx.reports.openPage(limit, parseObjectId(before)),
      limit,
    );
    const answer: ModerationReportsPage = { reports: page.map(toModerationReport), hasMore, nextCursor };
    koa.body = answer;
  });

  router.get(
    '/api/moderation/bug-reports',
    ...moderatorOnly,
    validate({ query: pageParams }),
    async (koa) => {
      const { limit, before } = validated<PageParams>(koa.state, 'query');
      const found = await ctx.bugReports.page(limit, parseObjectId(before));
      const { page, hasMore, nextCursor } = paged(found, limit);
      const answer: ModerationBugReportsPage = {
        bugReports: page.map(toModerationBugReport),
        hasMore,
        nextCursor,
      };
      koa.body = answer;
    },
  );

  router.post(
    '/api/moderation/reports/:id/decision',
    ...moderatorOnly,
    validate({ params: reportParams, body: decisionBody }),
    async (koa) => {
      const { id } = validated<{ id: string }>(koa.state, 'params');
      const { action } = validated<{ action: ModerationAction }>(koa.state, 'body');
      const closed = await decide(ctx, parseObjectId(id) as ObjectId, action, callerIn(koa.state));
      const answer: ModerationDecisionAnswer = { message: DECISION_MESSAGES[action], closed };
      koa.body = answer;
    },
  );
}
