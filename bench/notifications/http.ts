import { TOKEN_ISSUER } from '@devcircle/service-kit';
import { signUp } from '@devcircle/service-test-kit';
import jwt from 'jsonwebtoken';
import { ObjectId } from 'mongodb';
import { checkStatus, fetchWhole, json, type Reply } from '../shared/http';
import { JWT_SECRET } from './stack';

/** Someone who calls the gateway with a bearer token and opens sockets with it. */
export interface Member {
  id: string;
  username: string;
  token: string;
}

/** One request as `member`, reading the whole body (bench/shared/http.ts). */
export function request(
  baseUrl: string,
  member: Member | undefined,
  method: string,
  urlPath: string,
  body?: unknown,
): Promise<Reply> {
  return fetchWhole(
    baseUrl,
    member ? { authorization: `Bearer ${member.token}` } : {},
    method,
    urlPath,
    body,
  );
}

/** A request that must answer `expected`; anything else stops the benchmark with the answer. */
export async function expectStatus(
  baseUrl: string,
  member: Member | undefined,
  expected: number,
  method: string,
  urlPath: string,
  body?: unknown,
): Promise<Reply> {
  return checkStatus(await request(baseUrl, member, method, urlPath, body), expected, method, urlPath);
}

/**
 * A real account, registered through the gateway as a person registers (the link auth mailed to `outboxDir`, then
 * the confirmation): auth records `account.registered`, which names it.
 */
export async function register(baseUrl: string, outboxDir: string, username: string): Promise<Member> {
  const { token, user } = await signUp(baseUrl, outboxDir, { username, password: 'bench-password-1' });
  return { id: user.id, username, token };
}

export async function publish(baseUrl: string, author: Member, content: string): Promise<string> {
  const reply = await expectStatus(baseUrl, author, 201, 'POST', '/api/posts', { content });
  return json<{ _id: string }>(reply)._id;
}

/**
 * A token for a user who never registered, signed as auth signs them: enough for the socket handshake and the
 * gateway (both only verify the token), and far cheaper than a thousand bcrypt registrations.
 */
export function signedMember(username: string): Member {
  const id = new ObjectId().toHexString();
  const token = jwt.sign({ userId: id, email: `${username}@example.com`, username, tv: 0 }, JWT_SECRET, {
    algorithm: 'HS256',
    issuer: TOKEN_ISSUER,
    expiresIn: '1h',
  });
  return { id, username, token };
}

export { json, type Reply };
