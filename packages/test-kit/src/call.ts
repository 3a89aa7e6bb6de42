/** A service's answer: the status, the parsed JSON body (undefined when empty) and the response headers. */
export interface Reply<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/** Where to send a request: a base URL, or anything that has one (a running service). */
export type Target = string | { url: string };

/** One request as a client sends it: `body`, when given, goes as JSON; a JSON answer comes back parsed. */
export function call<T = Record<string, unknown>>(
  target: Target,
  method: string,
  urlPath: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply<T>> {
  return send<T>(target, method, urlPath, body === undefined ? undefined : JSON.stringify(body), headers);
}

/**
 * The same with the JSON body given as text, sent byte for byte: for what a client may write that
 * JSON.stringify never would (a lone "\ud800" escape typed by hand, odd spacing).
 */
export function callWithJsonText<T = Record<string, unknown>>(
  target: Target,
  method: string,
  urlPath: string,
  json: string,
  headers: Record<string, string> = {},
): Promise<Reply<T>> {
  return send<T>(target, method, urlPath, json, headers);
}

async function send<T>(
  target: Target,
  method: string,
  urlPath: string,
  json: string | undefined,
  headers: Record<string, string>,
): Promise<Reply<T>> {
  const baseUrl = typeof target === 'string' ? target : target.url;
  const response = await fetch(`${baseUrl}${urlPath}`, {
    method,
    headers: { ...(json === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: json,
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : undefined) as T,
    headers: response.headers,
  };
}
