import {
  callUpstream,
  HttpError,
  internalHeaders,
  REQUEST_ID_HEADER,
  type Logger,
} from '@devcircle/service-kit';
import type { ObjectId } from 'mongodb';

/** Auth's response header naming the revocation its deletion made (the gateway applies it at once). */
export const REVOKED_HEADER = 'x-devcircle-revoked';

export const DELETE_FAILED = 'Your account could not be deleted right now. Please try again.';

/** What auth did: `revoked` is its `x-devcircle-revoked` value; absent when the account was already gone. */
export interface AccountDeletion {
  revoked?: string;
}

/** The calls to the auth service's internal API. */
export class AuthClient {
  constructor(
    private readonly baseUrl: string,
    private readonly internalSecret: string,
    private readonly timeoutMs: number,
    private readonly logger: Logger,
  ) {}

  /**
   * `DELETE /internal/accounts/:id`: the account, its credentials and its tokens. A 404 means a previous
   * attempt already did it. Unreachable: 502 `UPSTREAM_UNAVAILABLE`; any other failure: 503
   * `SERVICE_UNAVAILABLE` (the caller can repeat the whole deletion).
   */
  async deleteAccount(userId: ObjectId, requestId?: string): Promise<AccountDeletion> {
    const url = `${this.baseUrl}/internal/accounts/${userId.toHexString()}`;
    const headers: Record<string, string> = { ...internalHeaders(this.internalSecret) };
    if (requestId) headers[REQUEST_ID_HEADER] = requestId;
    const result = await callUpstream(url, { method: 'DELETE', headers }, this.timeoutMs);
    if (!result.reached) {
      this.logger.error({ url, error: result.error }, 'auth service unreachable for an account deletion');
      throw new HttpError(502, DELETE_FAILED, { code: 'UPSTREAM_UNAVAILABLE' });
    }
    if (result.status === 404) return {};
    if (result.status !== 200) {
      this.logger.error(
        { url, status: result.status, body: result.body },
        'auth refused an account deletion',
      );
      throw new HttpError(503, DELETE_FAILED, { code: 'SERVICE_UNAVAILABLE' });
    }
    return { revoked: result.headers.get(REVOKED_HEADER) ?? undefined };
  }
}
