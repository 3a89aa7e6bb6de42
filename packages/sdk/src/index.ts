export * from './types';
export { SDK_VERSION } from './version';
export {
  CLIENT_ERROR_REPORTS_PER_PAGE,
  clientErrorReport,
  createClientErrorReporter,
  describeError,
  type ClientErrorReporter,
} from './client-errors';
export { createSdk, type SdkOptions } from './create-sdk';
export { sdk, getSdk } from './singleton';
export {
  ApiError,
  isApiError,
  type FieldError,
  DATABASE_NOT_CONNECTED,
  DATABASE_UNAVAILABLE_MESSAGE,
  DATABASE_NOT_CONNECTED_CODE_MESSAGE,
  GENERIC_ERROR_MESSAGE,
  TIMEOUT,
  NETWORK_ERROR,
  ABORTED,
} from './api/errors';
export { PREFETCH_TTL_MS, type FetchLike } from './api/client';
export { decodeTokenPayload, type TokenPayload } from './token';
export { memoryStorage, type StorageLike } from './storage';
export type { Timers } from './timers';
export {
  TOKEN_STORAGE_KEY,
  CURRENT_USER_TIMEOUT_MS,
  PING_INTERVAL_MS,
  PLACEHOLDER_EMAIL,
  PLACEHOLDER_USERNAME,
  NOTIFICATIONS_PAGE_SIZE,
} from './constants';
