import { encodeIdentity, IDENTITY_HEADER } from '@devcircle/service-kit';
import { ObjectId } from 'mongodb';
import { checkStatus, fetchWhole, json, type Reply } from '../shared/http';
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

/** One request as `user`, reading the whole body (bench/shared/http.ts). */
export function request(
  baseUrl: string,
  user: BenchUser,
  method: string,
  urlPath: string,
  body?: unknown,
): Promise<Reply> {
  return fetchWhole(baseUrl, user.headers, method, urlPath, body);
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
  return checkStatus(await request(baseUrl, user, method, urlPath, body), expected, method, urlPath);
}

export { json, type Reply };
