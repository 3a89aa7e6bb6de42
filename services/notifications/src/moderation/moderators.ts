import { forbidden, requireIdentity, type Middleware } from '@devcircle/service-kit';
import type { NotificationsContext } from '../context';

export const MODERATORS_ONLY = 'Only moderators can do this.';

/** Whether `username` is named by `MODERATORS` (usernames match in any case). */
export const isModerator = (ctx: NotificationsContext, username: string): boolean =>
  ctx.settings.moderators.has(username.toLowerCase());

/**
 * The moderation API's guard: 401 signed out (the kit's `requireIdentity`), 403 for a member `MODERATORS` does not
 * name. The gateway vouched for the username in the signed identity header, so it cannot be claimed.
 */
export function requireModerator(ctx: NotificationsContext): Middleware[] {
  const moderatorOnly: Middleware = async (koa, next) => {
    const identity = koa.state.identity as { username: string } | undefined;
    if (!identity || !isModerator(ctx, identity.username)) throw forbidden(MODERATORS_ONLY);
    await next();
  };
  return [requireIdentity, moderatorOnly];
}
