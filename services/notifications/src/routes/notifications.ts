import { MAX_PAGE_SIZE } from '@devcircle/contracts';
import { callerIn, Joi, requireIdentity, validate, validated, type Router } from '@devcircle/service-kit';
import { ObjectId } from 'mongodb';
import type { NotificationsContext } from '../context';
import { recordSignal } from '../events/signals';
import { groupViewsOf, viewsOf } from '../notifications/views';

export const PAGE_SIZE = 20;
export const MARKED_READ = 'All notifications marked as read';
export const DELETED_ALL = 'All notifications deleted';

const listQuery = Joi.object({
  limit: Joi.number()
    .integer()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(PAGE_SIZE)
    .messages({
      'number.base': 'limit must be a number',
      'number.integer': 'limit must be a whole number',
      'number.min': 'limit must be at least 1',
      'number.max': `limit must be at most ${MAX_PAGE_SIZE}`,
    }),
  before: Joi.string().hex().length(24).messages({
    'string.hex': 'before must be a notification id',
    'string.length': 'before must be a notification id',
  }),
});

/** The caller's own notifications only: every query is scoped by the identity the gateway vouched for. */
export function notificationRoutes(router: Router, ctx: NotificationsContext): void {
  router.get('/api/notifications', requireIdentity, validate({ query: listQuery }), async (koa) => {
    const userId = callerIn(koa.state).id;
    const { limit, before } = validated<{ limit: number; before?: string }>(koa.state, 'query');
    const docs = await ctx.notifications.page(userId, limit, before ? new ObjectId(before) : undefined);
    koa.body = await viewsOf(ctx, docs);
  });

  // Grouped (issue 19): "alice and 3 others liked your post". The list above stays as it is (§3) for its clients.
  router.get('/api/notifications/groups', requireIdentity, validate({ query: listQuery }), async (koa) => {
    const userId = callerIn(koa.state).id;
    const { limit, before } = validated<{ limit: number; before?: string }>(koa.state, 'query');
    const rows = await ctx.notifications.groupPage(userId, limit, before ? new ObjectId(before) : undefined);
    koa.body = await groupViewsOf(ctx, rows);
  });

  router.put('/api/notifications/mark-all-read', requireIdentity, async (koa) => {
    const userId = callerIn(koa.state).id;
    const upTo = await ctx.notifications.newestId(userId);
    const updated = upTo ? await ctx.notifications.markAllRead(userId, upTo) : 0;
    if (upTo && updated > 0) await recordSignal(ctx.deps.db, { type: 'read', userId, upTo });
    koa.body = { message: MARKED_READ, updated };
  });

  router.delete('/api/notifications/all', requireIdentity, async (koa) => {
    const userId = callerIn(koa.state).id;
    const upTo = await ctx.notifications.newestId(userId);
    const deleted = upTo ? await ctx.notifications.removeAll(userId, upTo) : 0;
    if (upTo && deleted > 0) await recordSignal(ctx.deps.db, { type: 'cleared', userId, upTo });
    koa.body = { message: DELETED_ALL, deleted };
  });
}
