/** One invalid input and why. */
export interface FieldError {
  field: string;
  message: string;
}

/** The one error shape of every DevCircle API answer that is not a success. */
export interface ErrorBody {
  message: string;
  code?: string;
  errors?: FieldError[];
}

/** The codes clients act on (product-spec §8); others are informative. */
export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  unauthorized: 'UNAUTHORIZED',
  tokenExpired: 'TOKEN_EXPIRED',
  tokenRevoked: 'TOKEN_REVOKED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  databaseNotConnected: 'DATABASE_NOT_CONNECTED',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
