import type { ErrorBody, FieldError } from '@devcircle/contracts';

/** The one error shape of every DevCircle API (`{ message, code?, errors? }`) is the contracts' ErrorBody. */
export type { ErrorBody, FieldError };

export class HttpError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly errors?: FieldError[];
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    message: string,
    options: { code?: string; errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = status;
    this.code = options.code;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
  }

  toBody(): ErrorBody {
    return {
      message: this.message,
      ...(this.code ? { code: this.code } : {}),
      ...(this.errors ? { errors: this.errors } : {}),
    };
  }
}

export const badRequest = (message: string, errors?: FieldError[]): HttpError =>
  new HttpError(400, message, { code: 'VALIDATION_ERROR', errors });
export const unauthorized = (message = 'Authentication required'): HttpError =>
  new HttpError(401, message, { code: 'UNAUTHORIZED' });
export const forbidden = (message = 'You are not allowed to do that'): HttpError =>
  new HttpError(403, message, { code: 'FORBIDDEN' });
export const notFound = (message = 'Not found'): HttpError =>
  new HttpError(404, message, { code: 'NOT_FOUND' });
export const conflict = (message: string, errors?: FieldError[]): HttpError =>
  new HttpError(409, message, { code: 'CONFLICT', errors });

export const DATABASE_NOT_CONNECTED_MESSAGE =
  'Database not connected. Please ensure MongoDB is running and try again.';

export const databaseNotConnected = (): HttpError =>
  new HttpError(503, DATABASE_NOT_CONNECTED_MESSAGE, { code: 'DATABASE_NOT_CONNECTED' });
