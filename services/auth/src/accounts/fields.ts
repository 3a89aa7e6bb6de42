import { Joi, textField } from '@devcircle/service-kit';

/** Letters, digits, `_`, `-` and `.`: safe in profile URLs (/profile/{username}) and unambiguous to read. */
const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;

/** The "basic x@y.z pattern" of the product spec; the real check is that the reset mail arrives. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The longest address SMTP can carry (RFC 5321 path limit). */
export const EMAIL_MAX = 254;

/** A name (docs/text-hygiene.md): a control or invisible character is refused as such, before the pattern. */
export const usernameField = textField('name', 'Username')
  .min(USERNAME_MIN)
  .max(USERNAME_MAX)
  .pattern(USERNAME_PATTERN)
  .required()
  .messages({
    'any.required': 'Username is required',
    'string.empty': 'Username is required',
    'string.base': 'Username must be a string',
    'string.min': `Username must be at least ${USERNAME_MIN} characters`,
    'string.max': `Username must be at most ${USERNAME_MAX} characters`,
    'string.pattern.base': 'Username may only contain letters, numbers, dots, hyphens and underscores',
  });

/**
 * The address at sign-in: only bounded, not pattern-checked, so a malformed one gets the same "invalid email or
 * password" as any other unknown address.
 */
export const loginEmailField = Joi.string()
  .trim()
  .max(EMAIL_MAX)
  .required()
  .messages({
    'any.required': 'Email is required',
    'string.empty': 'Email is required',
    'string.base': 'Email must be a string',
    'string.max': `Email must be at most ${EMAIL_MAX} characters`,
  });

/** An address as typed at registration or for a reset: must also look like one. */
export const emailField = loginEmailField
  .pattern(EMAIL_PATTERN)
  .messages({ 'string.pattern.base': 'Please enter a valid email' });
