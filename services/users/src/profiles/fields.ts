import { Joi, textField } from '@devcircle/service-kit';
import type { ProfileChanges } from './repository';

export const DISPLAY_NAME_MAX = 50;
export const BIO_MAX = 500;
export const SKILLS_MAX = 30;
export const SKILL_MAX = 30;
export const GITHUB_LINK_MAX = 200;

export type ProfileEdit = ProfileChanges;

const skill = textField('name', 'Each skill')
  .min(1)
  .max(SKILL_MAX)
  .messages({
    'string.base': 'Each skill must be a string',
    'string.empty': `Each skill must be 1 to ${SKILL_MAX} characters`,
    'string.min': `Each skill must be 1 to ${SKILL_MAX} characters`,
    'string.max': `Each skill must be 1 to ${SKILL_MAX} characters`,
  });

/**
 * `PUT /api/users/:id`: every field optional; strings trimmed; unknown keys refused. The display name and skills
 * are names, the bio prose (docs/text-hygiene.md).
 */
export const profileEditBody = Joi.object<ProfileEdit>({
  displayName: textField('name', 'Display name')
    .max(DISPLAY_NAME_MAX)
    .allow('')
    .messages({
      'string.base': 'Display name must be a string',
      'string.max': `Display name must be at most ${DISPLAY_NAME_MAX} characters`,
    }),
  bio: textField('prose', 'Bio')
    .max(BIO_MAX)
    .allow('')
    .messages({
      'string.base': 'Bio must be a string',
      'string.max': `Bio must be at most ${BIO_MAX} characters`,
    }),
  skills: Joi.array()
    .items(skill)
    .max(SKILLS_MAX)
    .messages({
      'array.base': 'Skills must be a list of strings',
      'array.max': `At most ${SKILLS_MAX} skills`,
    }),
  githubLink: Joi.string()
    .trim()
    .max(GITHUB_LINK_MAX)
    .uri({ scheme: ['http', 'https'] })
    .allow('')
    .messages({
      'string.base': 'GitHub link must be a string',
      'string.max': `GitHub link must be at most ${GITHUB_LINK_MAX} characters`,
      'string.uri': 'GitHub link must be an http(s) URL',
      'string.uriCustomScheme': 'GitHub link must be an http(s) URL',
    }),
});

/** Skills without case-insensitive duplicates, the first spelling kept, in the order given. */
export function uniqueSkills(skills: string[]): string[] {
  const seen = new Set<string>();
  return skills.filter((skill) => {
    const key = skill.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
