export interface Reply {
  status: number;
  /** Size of the response body in bytes, as sent. */
  bytes: number;
  body: Buffer;
}

/**
 * One request with Node's fetch (whose global dispatcher keeps connections alive), reading the whole body: the
 * time a caller waits for a usable answer.
 */
export async function fetchWhole(
  baseUrl: string,
  headers: Record<string, string>,
  method: string,
  urlPath: string,
  body?: unknown,
): Promise<Reply> {
  const response = await fetch(`${baseUrl}${urlPath}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, bytes: bytes.length, body: bytes };
}

/** `reply` when it answered `expected`; anything else stops the benchmark with the answer. */
export function checkStatus(reply: Reply, expected: number, method: string, urlPath: string): Reply {
  if (reply.status !== expected) {
    throw new Error(`${method} ${urlPath}: ${reply.status} ${reply.body.toString('utf8').slice(0, 300)}`);
  }
  return reply;
}

export const json = <T>(reply: Reply): T => JSON.parse(reply.body.toString('utf8')) as T;
