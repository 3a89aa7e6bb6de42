import { Joi } from '@devcircle/service-kit';
import { CODE_LANGUAGES, type CodeLanguage } from './post';

export const CONTENT_MAX = 2000;
export const CODE_SNIPPET_MAX = 5000;
export const CONTENT_REQUIRED = 'Post content is required';

export interface NewPostBody {
  content: string;
  /** Empty after trimming means none. */
  codeSnippet?: string;
  /** Empty means none. */
  codeLanguage?: CodeLanguage | '';
}

export const newPostBody = Joi.object<NewPostBody>({
  content: Joi.string()
    .trim()
    .max(CONTENT_MAX)
    .required()
    .messages({
      'any.required': CONTENT_REQUIRED,
      'string.empty': CONTENT_REQUIRED,
      'string.base': 'Post content must be a string',
      'string.max': `Post content must be at most ${CONTENT_MAX} characters`,
    }),
  codeSnippet: Joi.string()
    .trim()
    .max(CODE_SNIPPET_MAX)
    .allow('')
    .messages({
      'string.base': 'Code snippet must be a string',
      'string.max': `Code snippet must be at most ${CODE_SNIPPET_MAX} characters`,
    }),
  codeLanguage: Joi.string()
    .valid(...CODE_LANGUAGES, '')
    .messages({
      'string.base': 'Code language must be a string',
      'any.only': `Code language must be one of ${CODE_LANGUAGES.join(', ')}`,
    }),
});
