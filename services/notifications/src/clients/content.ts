import type { ReportableContent, ReportTargetRequest } from '@devcircle/contracts';
import {
  callUpstream,
  HttpError,
  IDENTITY_HEADER,
  internalHeaders,
  notFound,
  REQUEST_ID_HEADER,
  type Logger,
} from '@devcircle/service-kit';

/** The client request a call is made for; its headers are read with `get` (a Koa context is one). */
export interface IncomingRequest {
  get(name: string): string;
}

export const NOT_FOUND_BY_KIND: Record<ReportTargetRequest['kind'], string> = {
  post: "This post doesn't exist or was deleted.",
  comment: 'Comment not found',
  profile: 'User not found',
};

export const CONTENT_UNAVAILABLE = 'Reports cannot be sent right now. Please try again.';

/** What a report names, as the reporter may see it now: its ids, whose it is and what it says. */
export interface Reportable extends ReportableContent {
  id: string;
  postId?: string;
}

interface ProfileAnswer {
  user?: { _id?: unknown; username?: unknown; displayName?: unknown; bio?: unknown };
}

const isReportable = (body: unknown): body is ReportableContent => {
  const value = body as Partial<ReportableContent> | undefined;
  return (
    typeof value?.owner?._id === 'string' &&
    typeof value.owner.username === 'string' &&
    typeof value.content?.text === 'string'
  );
};

/**
 * Reads what a member reports from the service that owns it, asked as that member (their identity header as
 * the gateway signed it, forwarded unchanged): posts and comments from posts' internal API, a profile from users'
 * profile page. What the reporter may not see is the owner's 404, so privacy and blocks hold here as there.
 */
export class ContentClient {
  constructor(
    private readonly postsUrl: string,
    private readonly usersUrl: string,
    private readonly internalSecret: string,
    private readonly timeoutMs: number,
    private readonly logger: Logger,
  ) {}

  async reportable(target: ReportTargetRequest, request: IncomingRequest): Promise<Reportable> {
    const headers: Record<string, string> = { ...internalHeaders(this.internalSecret) };
    for (const name of [IDENTITY_HEADER, REQUEST_ID_HEADER]) {
      const value = request.get(name);
      if (value) headers[name] = value;
    }
    const url =
      target.kind === 'profile'
        ? `${this.usersUrl}/api/users/${encodeURIComponent(target.username)}?limit=1`
        : target.kind === 'post'
          ? `${this.postsUrl}/internal/reportable/posts/${encodeURIComponent(target.postId)}`
          : `${this.postsUrl}/internal/reportable/posts/${encodeURIComponent(target.postId)}/comments/${encodeURIComponent(target.commentId)}`;
    const result = await callUpstream(url, { method: 'GET', headers }, this.timeoutMs);
    if (!result.reached) {
      this.logger.warn({ url, error: result.error }, 'reported content unreachable');
      throw new HttpError(502, CONTENT_UNAVAILABLE, { code: 'UPSTREAM_UNAVAILABLE' });
    }
    if (result.status === 404 || result.status === 400) throw notFound(NOT_FOUND_BY_KIND[target.kind]);
    if (result.status === 200 && target.kind === 'profile') {
      const user = (result.body as ProfileAnswer | undefined)?.user;
      if (typeof user?._id === 'string' && typeof user.username === 'string') {
        const displayName = typeof user.displayName === 'string' ? user.displayName : user.username;
        return {
          id: user._id,
          owner: { _id: user._id, username: user.username, displayName },
          content: { text: typeof user.bio === 'string' ? user.bio : '', displayName },
        };
      }
    }
    if (result.status === 200 && target.kind !== 'profile' && isReportable(result.body)) {
      const { owner, content } = result.body;
      return target.kind === 'post'
        ? { id: target.postId, owner, content }
        : { id: target.commentId, postId: target.postId, owner, content };
    }
    this.logger.warn({ url, status: result.status }, 'reported content answered something else');
    throw new HttpError(503, CONTENT_UNAVAILABLE, { code: 'SERVICE_UNAVAILABLE' });
  }
}
