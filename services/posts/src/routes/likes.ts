import { callerIn, notFound, requireIdentity, type Router } from '@devcircle/service-kit';
import type { PostsContext } from '../context';
import { toggleLike } from '../likes/toggle';
import { postView } from '../posts/views';
import { loadVisiblePost, POST_NOT_FOUND } from './load';

export function likeRoutes(router: Router, app: PostsContext): void {
  router.put('/api/posts/:id/like', requireIdentity, async (ctx) => {
    const caller = callerIn(ctx.state);
    const post = await loadVisiblePost(app, ctx.params.id, caller.id);
    await app.authors.ensure(caller.id, caller.username);
    const liked = await toggleLike(app, post, caller);
    const current = await app.posts.findById(post._id);
    if (!current) throw notFound(POST_NOT_FOUND);
    // The outcome of this request's toggle, even if another of the caller's requests has flipped it since.
    ctx.body = { ...(await postView(app, current, caller.id)), likedByMe: liked };
  });
}
