/** A service's answer: the status, the parsed JSON body (undefined when empty) and the response headers. */
export interface Reply<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/** Where to send a request: a base URL, or anything that has one (a running service). */
export type Target = string | { url: string };

/** One request as a client sends it: `body`, when given, goes as JSON; a JSON answer comes back parsed. */
export async function call<T = Record<string, unknown>>(
  target: Target,
  method: string,
  urlPath: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply<T>> {
  const baseUrl = typeof target === 'string' ? target : target.url;
  const response = await fetch(`${baseUrl}${urlPath}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : undefined) as T,
    headers: response.headers,
  };
}
