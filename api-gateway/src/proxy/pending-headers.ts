import type { ServerResponse } from 'node:http';

export type HeaderValue = string | number | readonly string[];

/**
 * The gateway's own headers for an answer not yet begun, as one flat `[name, value, …]` list for a single
 * `writeHead(status, message, list)`, with the place of each name (in lower case). Node's `setHeader` checks,
 * lower-cases and stores each header as a `[name, value]` pair in an object that `writeHead` then walks again; a
 * list handed to `writeHead` on an answer with no header set yet is checked and written in one pass. The fast path
 * for reads gives its security headers, `Vary` and `X-Request-Id` this way (fast-reads.ts).
 */
export interface PendingHeaders {
  readonly list: HeaderValue[];
  readonly at: ReadonlyMap<string, number>;
}

/** A list made once (e.g. per host) for answers that share it; `withValue` makes each answer's own copy. */
export function pendingHeaders(entries: Iterable<readonly [string, HeaderValue]>): PendingHeaders {
  const list: HeaderValue[] = [];
  const at = new Map<string, number>();
  for (const [name, value] of entries) put({ list, at }, name.toLowerCase(), name, value, at);
  return { list, at };
}

/** A copy of `template` for one answer, the value at `index` (the header's place in the list) replaced. */
export function withValue(template: PendingHeaders, index: number, value: HeaderValue): PendingHeaders {
  const list = template.list.slice();
  list[index * 2 + 1] = value;
  return { list, at: template.at };
}

/**
 * Adds a header as a later `setHeader` would: one of the same name (`key`, its lower case) is replaced in its place,
 * name and value; another goes last. `names`: where new names are recorded (the template's own map while it is
 * made; none for an answer's headers, whose new names are the service's own and distinct).
 */
function put(
  headers: PendingHeaders,
  key: string,
  name: string,
  value: HeaderValue,
  names?: Map<string, number>,
): void {
  const index = headers.at.get(key);
  if (index === undefined) {
    names?.set(key, headers.list.length);
    headers.list.push(name, value);
  } else {
    headers.list[index] = name;
    headers.list[index + 1] = value;
  }
}

/** One of the service's answer headers (`name` already in lower case, as undici gives it), after the gateway's. */
export function putAnswerHeader(headers: PendingHeaders, name: string, value: HeaderValue): void {
  put(headers, name, name, value);
}

/** Sets the pending headers on `res` one by one (an answer the gateway writes itself, e.g. an error). */
export function setPendingHeaders(res: ServerResponse, headers: PendingHeaders): void {
  const { list } = headers;
  for (let k = 0; k < list.length; k += 2) res.setHeader(list[k] as string, list[k + 1]);
}
