import { encodeIdentity, IDENTITY_HEADER } from '@devcircle/service-kit';
import { ObjectId } from 'mongodb';
import { INTERNAL_SECRET } from './service';

/** A caller as the gateway vouches for them: the signed identity header. */
export interface BenchUser {
  id: string;
  username: string;
  headers: Record<string, string>;
}

export function benchUser(username: string, id = new ObjectId().toHexString()): BenchUser {
  const header = encodeIdentity({ id, username, email: `${username}@example.com` }, INTERNAL_SECRET);
  return { id, username, headers: { [IDENTITY_HEADER]: header } };
}

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
export async function request(
  baseUrl: string,
  user: BenchUser,
  method: string,
  urlPath: string,
  body?: unknown,
): Promise<Reply> {
  const response = await fetch(`${baseUrl}${urlPath}`, {
    method,
    headers: { ...user.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, bytes: bytes.length, body: bytes };
}

/** A request that must answer `expected`; anything else stops the benchmark with the answer. */
export async function expectStatus(
  baseUrl: string,
  user: BenchUser,
  expected: number,
  method: string,
  urlPath: string,
  body?: unknown,
): Promise<Reply> {
  const reply = await request(baseUrl, user, method, urlPath, body);
  if (reply.status !== expected) {
    throw new Error(`${method} ${urlPath}: ${reply.status} ${reply.body.toString('utf8').slice(0, 300)}`);
  }
  return reply;
}

export const json = <T>(reply: Reply): T => JSON.parse(reply.body.toString('utf8')) as T;
