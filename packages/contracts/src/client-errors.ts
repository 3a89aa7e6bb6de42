/**
 * A browser error report (docs/observability.md): the shell and the remotes send uncaught errors, unhandled
 * rejections and what an error boundary caught to `POST /api/client-errors`; the gateway validates it, limits
 * it per IP and logs it with the remote's name and version. No reply body (204).
 */
export const CLIENT_ERRORS_PATH = '/api/client-errors';

export type ClientErrorKind = 'error' | 'unhandledrejection' | 'boundary';

export const CLIENT_ERROR_KINDS: readonly ClientErrorKind[] = ['error', 'unhandledrejection', 'boundary'];

export interface ClientErrorReport {
  /** The web app part that failed: `shell` or a remote's name (`mf-feed`). */
  remote: string;
  /** Its version (the package's, written at build time). */
  version: string;
  kind: ClientErrorKind;
  message: string;
  stack?: string;
  /** The page's path when it happened (no query: it may carry a token). */
  path?: string;
}

/** Longest accepted fields (characters); a sender cuts longer ones to fit. */
export const CLIENT_ERROR_LIMITS = {
  remote: 64,
  version: 32,
  message: 1000,
  stack: 8000,
  path: 500,
  /** The whole JSON body, in bytes. */
  bodyBytes: 16 * 1024,
} as const;
