import { REPORT_DETAILS_MAX, REPORT_REASONS, REPORT_THANKS, type ReportRequest } from '@devcircle/contracts';
import {
  callerIn,
  Joi,
  requireIdentity,
  textField,
  validate,
  validated,
  type Router,
} from '@devcircle/service-kit';
import type { NotificationsContext } from '../context';
import { submitReport } from '../reports/submit';

const id = (label: string) =>
  Joi.string()
    .hex()
    .length(24)
    .required()
    .messages({
      'any.required': `${label} is required`,
      'string.empty': `${label} is required`,
      'string.base': `${label} must be an id`,
      'string.hex': `${label} must be an id`,
      'string.length': `${label} must be an id`,
    });

const target = Joi.object({
  kind: Joi.string().valid('post', 'comment', 'profile').required().messages({
    'any.required': 'Say what you report: a post, a comment or a profile',
    'any.only': 'Say what you report: a post, a comment or a profile',
    'string.base': 'Say what you report: a post, a comment or a profile',
  }),
  postId: Joi.when('kind', {
    is: Joi.valid('post', 'comment'),
    then: id('The post id'),
    otherwise: Joi.forbidden(),
  }),
  commentId: Joi.when('kind', { is: 'comment', then: id('The comment id'), otherwise: Joi.forbidden() }),
  username: Joi.when('kind', {
    is: 'profile',
    then: Joi.string().min(1).max(100).required().messages({
      'any.required': 'The username is required',
      'string.empty': 'The username is required',
      'string.base': 'The username must be text',
      'string.max': 'The username must be at most 100 characters',
    }),
    otherwise: Joi.forbidden(),
  }),
})
  .required()
  .messages({
    'any.required': 'Say what you report: a post, a comment or a profile',
    'object.base': 'Say what you report: a post, a comment or a profile',
    'any.unknown': 'Say what you report: a post, a comment or a profile',
  });

const details = (required: boolean) => {
  const field = textField('prose', 'The details')
    .max(REPORT_DETAILS_MAX)
    .messages({
      'any.required': 'Please say what is wrong',
      'string.empty': 'Please say what is wrong',
      'string.base': 'The details must be text',
      'string.max': `The details must be at most ${REPORT_DETAILS_MAX} characters`,
    });
  return required ? field.required() : field.allow('');
};

/** The report (docs/moderation.md): a reason from the list; with "other", a few words are required. */
const reportBody = Joi.object<ReportRequest>({
  target,
  reason: Joi.string()
    .valid(...REPORT_REASONS)
    .required()
    .messages({
      'any.required': 'Please choose a reason',
      'any.only': `The reason must be one of ${REPORT_REASONS.join(', ')}`,
      'string.base': `The reason must be one of ${REPORT_REASONS.join(', ')}`,
    }),
  details: Joi.when('reason', { is: 'other', then: details(true), otherwise: details(false) }),
});

/**
 * `POST /api/reports`: a signed-in member reports a post, a comment or a profile they may see, once each, at most
 * `REPORTS_PER_HOUR` an hour (reports/submit.ts). 201 with the thanks the dialog shows.
 */
export function reportRoutes(router: Router, ctx: NotificationsContext): void {
  router.post('/api/reports', requireIdentity, validate({ body: reportBody }), async (koa) => {
    const body = validated<ReportRequest>(koa.state, 'body');
    await submitReport(ctx, callerIn(koa.state), body, koa);
    koa.status = 201;
    koa.body = { message: REPORT_THANKS };
  });
}
