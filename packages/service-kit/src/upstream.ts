// One service calling another over HTTP (users asks auth and posts, notifications asks posts and users).
/** What a call to another service came to: its answer, or that it could not be reached in time. */
export type UpstreamResult =
  { reached: true; status: number; headers: Headers; body: unknown } | { reached: false; error: string };

/**
 * One call to another service with Node's fetch, failing after `timeoutMs` (connection refused, reset or too
 * slow all come back as `reached: false`). The body is read as JSON when there is one.
 */
export async function callUpstream(
  url: string,
  init: { method: string; headers: Record<string, string> },
  timeoutMs: number,
): Promise<UpstreamResult> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    return { reached: true, status: response.status, headers: response.headers, body };
  } catch (err) {
    return { reached: false, error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
  }
}
