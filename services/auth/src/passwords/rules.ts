import { Joi } from '@devcircle/service-kit';

export const PASSWORD_MIN = 6;
/** bcrypt only reads the first 72 bytes: a longer password would silently have a shorter real password. */
export const PASSWORD_MAX_BYTES = 72;

export function exceedsBcryptLimit(password: string): boolean {
  return Buffer.byteLength(password, 'utf8') > PASSWORD_MAX_BYTES;
}

interface PasswordMessages {
  required: string;
  type: string;
  min: string;
  tooLong: string;
}

/** A new password (register, change, reset): the rules are the same, the wording follows each form's spec. */
export function newPasswordField(messages: PasswordMessages): Joi.StringSchema {
  return Joi.string()
    .min(PASSWORD_MIN)
    .custom((value: string, helpers) => (exceedsBcryptLimit(value) ? helpers.error('password.bytes') : value))
    .required()
    .messages({
      'any.required': messages.required,
      'string.empty': messages.required,
      'string.base': messages.type,
      'string.min': messages.min,
      'password.bytes': messages.tooLong,
    });
}

/**
 * A password being checked (sign-in, current password): only present and bounded, since bcrypt decides the rest;
 * the bound keeps megabytes of input away from the hash function.
 */
export function givenPasswordField(messages: Omit<PasswordMessages, 'min'>): Joi.StringSchema {
  return Joi.string().max(1024).required().messages({
    'any.required': messages.required,
    'string.empty': messages.required,
    'string.base': messages.type,
    'string.max': messages.tooLong,
  });
}
