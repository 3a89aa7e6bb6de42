import Joi from 'joi';
import type { Middleware } from 'koa';
import { badRequest, type FieldError } from './errors';

export { Joi };

export interface RequestSchemas {
  body?: Joi.ObjectSchema;
  query?: Joi.ObjectSchema;
  params?: Joi.ObjectSchema;
}

function toFieldErrors(error: Joi.ValidationError): FieldError[] {
  return error.details.map((detail) => ({
    field: detail.path.join('.') || (detail.context?.key ?? ''),
    message: detail.message,
  }));
}

/**
 * Validates body, query and route params before the handler runs. Unknown keys and wrong types are a 400 whose
 * message is the first problem and whose `errors` lists each field; the handler sees the validated values.
 */
export function validate(schemas: RequestSchemas): Middleware {
  return async (ctx, next) => {
    const parts = [
      ['params', schemas.params, (ctx as unknown as { params?: unknown }).params ?? {}],
      ['query', schemas.query, ctx.query],
      ['body', schemas.body, ctx.request.body ?? {}],
    ] as const;
    const validated: Record<string, unknown> = {};
    for (const [part, schema, value] of parts) {
      if (!schema) continue;
      const { error, value: clean } = schema.validate(value, {
        abortEarly: false,
        errors: { wrap: { label: false } },
      });
      if (error) {
        const errors = toFieldErrors(error);
        throw badRequest(errors[0].message, errors);
      }
      validated[part] = clean;
    }
    ctx.state.valid = validated;
    await next();
  };
}

declare module 'koa' {
  interface DefaultState {
    valid?: Record<string, unknown>;
  }
}

/** The validated part of a request, typed by the caller. */
export function validated<T>(
  state: { valid?: Record<string, unknown> },
  part: 'body' | 'query' | 'params',
): T {
  return (state.valid?.[part] ?? {}) as T;
}
