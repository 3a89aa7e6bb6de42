import { callerIn, notFound, parseObjectId, requireIdentity, type Router } from '@devcircle/service-kit';
import type { PostsContext } from '../context';
import { likeToggles } from '../likes/batch';
import { POST_NOT_FOUND } from './load';

export function likeRoutes(router: Router, app: PostsContext): void {
  router.put('/api/posts/:id/like', requireIdentity, async (ctx) => {
    const caller = callerIn(ctx.state);
    const postId = parseObjectId(ctx.params.id);
    if (!postId) throw notFound(POST_NOT_FOUND);
    // Read, checked for the caller's eyes and committed in a batch with the toggles that arrive meanwhile
    // (likes/batch.ts), the caller's author record and bookmark too.
    const { liked, bookmarked, view } = await likeToggles(app).toggle(postId, caller);
    app.cache.postChanged(postId);
    // The outcome of this request's toggle, even if another of the caller's requests has flipped it since.
    ctx.body = { ...view, likedByMe: liked, bookmarkedByMe: bookmarked };
  });
}
