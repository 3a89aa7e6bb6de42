import {
  callUpstream,
  internalHeaders,
  IDENTITY_HEADER,
  REQUEST_ID_HEADER,
  type Logger,
} from '@devcircle/service-kit';
import type { ObjectId } from 'mongodb';

export interface Pagination {
  current: number;
  pages: number;
  total: number;
  hasMore: boolean;
}

/** The posts service's answer to `GET /internal/authors/:userId/posts` (services/posts/README.md). */
export interface AuthorPosts {
  /** Posts in the posts service's response form, passed through unchanged. */
  posts: Record<string, unknown>[];
  pagination: Pagination;
  /** Being added to the posts service; absent from older versions. */
  stats?: { posts: number; likes: number };
}

/** The client request a call is made for; its headers are read with `get` (a Koa context is one). */
export interface IncomingRequest {
  get(name: string): string;
}

export const emptyPagination = (): Pagination => ({ current: 1, pages: 0, total: 0, hasMore: false });

function isAuthorPosts(body: unknown): body is AuthorPosts {
  const value = body as Partial<AuthorPosts> | undefined;
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray(value.posts) &&
    typeof value.pagination === 'object' &&
    value.pagination !== null
  );
}

/** The calls to the posts service's internal API. */
export class PostsClient {
  constructor(
    private readonly baseUrl: string,
    private readonly internalSecret: string,
    private readonly timeoutMs: number,
    private readonly logger: Logger,
  ) {}

  /**
   * A user's posts for the profile page, asked for `request`: the viewer's identity header (for `likedByMe`) is
   * the one the gateway signed, forwarded as it came (posts verifies it; users does not sign it again), and so is
   * the request id. The internal secret says the call is from a service. Undefined when the posts service cannot
   * be reached or answers something else than the page.
   */
  async authorPosts(
    userId: ObjectId,
    page: number,
    limit: number,
    request: IncomingRequest,
  ): Promise<AuthorPosts | undefined> {
    const url = `${this.baseUrl}/internal/authors/${userId.toHexString()}/posts?page=${page}&limit=${limit}`;
    const headers: Record<string, string> = { ...internalHeaders(this.internalSecret) };
    for (const name of [IDENTITY_HEADER, REQUEST_ID_HEADER]) {
      const value = request.get(name);
      if (value) headers[name] = value;
    }
    const result = await callUpstream(url, { method: 'GET', headers }, this.timeoutMs);
    if (!result.reached) {
      this.logger.warn({ url, error: result.error }, 'posts service unreachable');
      return undefined;
    }
    if (result.status !== 200 || !isAuthorPosts(result.body)) {
      this.logger.warn({ url, status: result.status }, 'posts service answered without the posts');
      return undefined;
    }
    return result.body;
  }
}
