import {
  UNSUBSCRIBE_INVALID_MESSAGE,
  UNSUBSCRIBE_USED_MESSAGE,
  UNSUBSCRIBED_MESSAGES,
  type EmailKind,
  type EmailPreferencesAnswer,
  type UnsubscribeAnswer,
} from '@devcircle/contracts';
import {
  callerIn,
  HttpError,
  Joi,
  requireIdentity,
  validate,
  validated,
  type Router,
} from '@devcircle/service-kit';
import type { NotificationsContext } from '../context';

const switchField = (name: string) =>
  Joi.boolean()
    .strict()
    .messages({ 'boolean.base': `${name} must be true or false` });

/** Either switch or both; anything else (the client-only "messages" too) is refused. */
const preferencesBody = Joi.object<Partial<Record<EmailKind, boolean>>>({
  followers: switchField('followers'),
  comments: switchField('comments'),
})
  .or('followers', 'comments')
  .messages({
    'object.missing': 'Say which e-mails to turn on or off: followers, comments',
    'object.unknown': '{#label} is not an e-mail setting',
  });

/** The token of a mailed link: what `UnsubscribeTokenRepository.issue` makes (base64url), checked before any read. */
const unsubscribeQuery = Joi.object({
  token: Joi.string()
    .pattern(/^[\w-]{20,100}$/)
    .required()
    .messages({
      'any.required': UNSUBSCRIBE_INVALID_MESSAGE,
      'string.empty': UNSUBSCRIBE_INVALID_MESSAGE,
      'string.pattern.base': UNSUBSCRIBE_INVALID_MESSAGE,
    }),
}).unknown(false);

/** E-mail notifications (issue 20, docs/email.md): the caller's own switches, and the public unsubscribe link. */
export function emailRoutes(router: Router, ctx: NotificationsContext): void {
  router.get('/api/notifications/preferences', requireIdentity, async (koa) => {
    const answer: EmailPreferencesAnswer = await ctx.email.preferences.get(callerIn(koa.state).id);
    koa.body = answer;
  });

  router.put(
    '/api/notifications/preferences',
    requireIdentity,
    validate({ body: preferencesBody }),
    async (koa) => {
      const change = validated<Partial<Record<EmailKind, boolean>>>(koa.state, 'body');
      const answer: EmailPreferencesAnswer = await ctx.email.preferences.set(callerIn(koa.state).id, change);
      koa.body = answer;
    },
  );

  // Public (no sign-in): the link in a digest, opened by the unsubscribe page, or POSTed by a mail client with
  // `List-Unsubscribe=One-Click` (RFC 8058; that body is ignored, the token is in the query). A POST, never a GET:
  // a link scanner fetching the page must not unsubscribe anyone.
  router.post('/api/notifications/unsubscribe', validate({ query: unsubscribeQuery }), async (koa) => {
    const { token } = validated<{ token: string }>(koa.state, 'query');
    const use = await ctx.email.unsubscribe(token);
    if (use.outcome !== 'used-now') {
      if (use.outcome === 'used-before')
        throw new HttpError(410, UNSUBSCRIBE_USED_MESSAGE, { code: 'LINK_USED' });
      throw new HttpError(404, UNSUBSCRIBE_INVALID_MESSAGE, { code: 'LINK_INVALID' });
    }
    const answer: UnsubscribeAnswer = { kind: use.kind, message: UNSUBSCRIBED_MESSAGES[use.kind] };
    koa.body = answer;
  });
}
