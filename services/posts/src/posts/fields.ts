import { CODE_LANGUAGES, CODE_SNIPPET_MAX, POST_CONTENT_MAX, type CodeLanguage } from '@devcircle/contracts';
import { Joi, textField } from '@devcircle/service-kit';

export const CONTENT_REQUIRED = 'Post content is required';

export interface NewPostBody {
  content: string;
  /** Empty after trimming means none. */
  codeSnippet?: string;
  /** Empty means none. */
  codeLanguage?: CodeLanguage | '';
}

/** The content is prose, the snippet code (docs/text-hygiene.md); both trimmed. */
export const newPostBody = Joi.object<NewPostBody>({
  content: textField('prose', 'Post content')
    .max(POST_CONTENT_MAX)
    .required()
    .messages({
      'any.required': CONTENT_REQUIRED,
      'string.empty': CONTENT_REQUIRED,
      'string.base': 'Post content must be a string',
      'string.max': `Post content must be at most ${POST_CONTENT_MAX} characters`,
    }),
  // Code keeps what it is written with, but for what makes it read differently from how it runs.
  codeSnippet: textField('code', 'Code snippet')
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
