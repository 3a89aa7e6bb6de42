import {
  ERROR_CODES,
  type ErrorBody as ContractErrorBody,
  type FieldError as ContractFieldError,
} from '@devcircle/contracts';

/**
 * One validation problem as the services report it (400 `VALIDATION_ERROR` with `errors: [{ field, message }]`),
 * as the client keeps it: an entry counts when it has a message, whether or not it names the field.
 */
export type FieldError = Pick<ContractFieldError, 'message'> &
  Partial<Pick<ContractFieldError, 'field'>> & { [key: string]: unknown };

/** The error body every service and the gateway send (the contract's ErrorBody), before its fields are checked. */
type UncheckedErrorBody = { [Key in keyof ContractErrorBody]?: unknown };

/** The texts of the error catalogue (product-spec §8). */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'Database not connected. Please ensure MongoDB is running and try again.';
export const DATABASE_NOT_CONNECTED_CODE_MESSAGE =
  'Database connection required. Please start MongoDB service.';
export const DATABASE_NOT_CONNECTED = ERROR_CODES.databaseNotConnected;
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';
export const TIMEOUT_MESSAGE = 'The request timed out. Please try again.';
export const NETWORK_ERROR_MESSAGE =
  'Could not reach the server. Please check your connection and try again.';
export const ABORTED_MESSAGE = 'The request was cancelled.';

/** The codes the client itself gives (no response, so no server code). */
export const TIMEOUT = 'TIMEOUT';
export const NETWORK_ERROR = 'NETWORK_ERROR';
export const ABORTED = 'ABORTED';

export interface ApiErrorInit {
  status?: number;
  code?: string;
  errors?: FieldError[];
  isDatabaseError?: boolean;
}

/** Every failed API call rejects with one of these; `message` is the text to show (§8). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The HTTP status; absent when no response arrived (timeout, network, cancelled). */
  readonly status?: number;
  /** The server's `code`, or TIMEOUT / NETWORK_ERROR / ABORTED from the client. */
  readonly code?: string;
  /** The server's field list (validation errors). */
  readonly errors?: FieldError[];
  /** True for a 503 or the code DATABASE_NOT_CONNECTED. */
  readonly isDatabaseError: boolean;

  constructor(message: string, init: ApiErrorInit = {}) {
    super(message);
    Object.setPrototypeOf(this, new.target.prototype);
    if (init.status !== undefined) this.status = init.status;
    if (init.code !== undefined) this.code = init.code;
    if (init.errors !== undefined) this.errors = init.errors;
    this.isDatabaseError = init.isDatabaseError ?? false;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

function fieldErrors(value: unknown): FieldError[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter(
    (entry): entry is FieldError =>
      !!entry && typeof entry === 'object' && typeof (entry as FieldError).message === 'string',
  );
}

/**
 * The error of a reply with a failing status (§8). Precedence, most specific first:
 * 1. code DATABASE_NOT_CONNECTED (with any status; the services and the gateway send it with 503):
 *    'Database connection required. Please start MongoDB service.', a database error;
 * 2. status 503 with any other code or none (e.g. the gateway's SERVICE_UNAVAILABLE):
 *    'Database not connected. Please ensure MongoDB is running and try again.', a database error;
 * 3. the server's `message`; 4. the call's `fallbackMessage`; 5. a generic text.
 */
export function errorFromResponse(status: number, body: unknown, fallbackMessage?: string): ApiError {
  const data: UncheckedErrorBody = body && typeof body === 'object' ? (body as UncheckedErrorBody) : {};
  const code = typeof data.code === 'string' ? data.code : undefined;
  const errors = fieldErrors(data.errors);
  const init: ApiErrorInit = { status, code, errors };
  if (code === DATABASE_NOT_CONNECTED) {
    return new ApiError(DATABASE_NOT_CONNECTED_CODE_MESSAGE, { ...init, isDatabaseError: true });
  }
  if (status === 503) return new ApiError(DATABASE_UNAVAILABLE_MESSAGE, { ...init, isDatabaseError: true });
  const serverMessage = typeof data.message === 'string' && data.message.trim() ? data.message : undefined;
  return new ApiError(serverMessage ?? fallbackMessage ?? GENERIC_ERROR_MESSAGE, init);
}

export function timeoutError(message?: string): ApiError {
  return new ApiError(message ?? TIMEOUT_MESSAGE, { code: TIMEOUT });
}

export function networkError(fallbackMessage?: string): ApiError {
  return new ApiError(fallbackMessage ?? NETWORK_ERROR_MESSAGE, { code: NETWORK_ERROR });
}

export function abortedError(): ApiError {
  return new ApiError(ABORTED_MESSAGE, { code: ABORTED });
}
