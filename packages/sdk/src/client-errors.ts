import {
  CLIENT_ERROR_LIMITS,
  CLIENT_ERRORS_PATH,
  type ClientErrorKind,
  type ClientErrorReport,
} from '@devcircle/contracts';

/** At most this many reports per page load: a render loop must not turn into a flood (the gateway limits too). */
export const CLIENT_ERROR_REPORTS_PER_PAGE = 10;

export interface ClientErrorReporter {
  /** Sends one report (once per remote, kind and message); never throws, never waits. */
  report(remote: string, version: string, kind: ClientErrorKind, error: unknown): void;
}

const clip = (text: string, max: number): string => (text.length > max ? text.slice(0, max) : text);

/** What an error, a rejection's reason or anything thrown says: its message and, for an Error, its stack. */
export function describeError(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack };
  if (typeof error === 'string') return { message: error };
  try {
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: String(error) };
  }
}

/** The report as the gateway accepts it: fields cut to contracts' limits, the page's path without its query. */
export function clientErrorReport(
  remote: string,
  version: string,
  kind: ClientErrorKind,
  error: unknown,
  path?: string,
): ClientErrorReport {
  const { message, stack } = describeError(error);
  return {
    remote: clip(remote, CLIENT_ERROR_LIMITS.remote),
    version: clip(version, CLIENT_ERROR_LIMITS.version),
    kind,
    message: clip(message || 'Unknown error', CLIENT_ERROR_LIMITS.message),
    ...(stack ? { stack: clip(stack, CLIENT_ERROR_LIMITS.stack) } : {}),
    ...(path?.startsWith('/') ? { path: clip(path, CLIENT_ERROR_LIMITS.path) } : {}),
  };
}

/**
 * Reports to `POST /api/client-errors` with `fetch` (keepalive: a report made as the page unloads still goes).
 * The same error is sent once, and at most CLIENT_ERROR_REPORTS_PER_PAGE per page load.
 */
export function createClientErrorReporter(
  options: { fetch?: typeof fetch; path?: () => string | undefined } = {},
): ClientErrorReporter {
  const sent = new Set<string>();
  return {
    report(remote, version, kind, error) {
      if (sent.size >= CLIENT_ERROR_REPORTS_PER_PAGE) return;
      const report = clientErrorReport(remote, version, kind, error, options.path?.());
      const key = `${report.remote}|${report.kind}|${report.message}`;
      if (sent.has(key)) return;
      sent.add(key);
      const send = options.fetch ?? globalThis.fetch;
      if (!send) return;
      send(CLIENT_ERRORS_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(report),
        keepalive: true,
      }).catch(() => undefined); // a report that cannot be sent is dropped: the console still has the error
    },
  };
}
