import { callerIn, requireIdentity, type Router } from '@devcircle/service-kit';
import type { PostsContext } from '../context';
import { likeToggles } from '../likes/batch';
import { loadVisiblePost } from './load';

export function likeRoutes(router: Router, app: PostsContext): void {
  router.put('/api/posts/:id/like', requireIdentity, async (ctx) => {
    const caller = callerIn(ctx.state);
    const post = await loadVisiblePost(app, ctx.params.id, caller.id);
    // Committed in a batch with the toggles that arrive meanwhile (likes/batch.ts), the caller's author record too.
    const { liked, view } = await likeToggles(app).toggle(post, caller);
    // The outcome of this request's toggle, even if another of the caller's requests has flipped it since.
    ctx.body = { ...view, likedByMe: liked };
  });
}
