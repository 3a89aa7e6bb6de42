import { Joi, textField } from '@devcircle/service-kit';

export const COMMENT_MAX = 500;

export interface CommentBody {
  text: string;
}

/** New and edited comments alike: prose (docs/text-hygiene.md), 1–500 characters after trimming. */
export const commentBody = Joi.object<CommentBody>({
  text: textField('prose', 'Comment text')
    .max(COMMENT_MAX)
    .required()
    .messages({
      'any.required': 'Comment text is required',
      'string.empty': 'Comment text is required',
      'string.base': 'Comment text must be a string',
      'string.max': `Comment must be at most ${COMMENT_MAX} characters`,
    }),
});
