import { FEED_PAGE_SIZE, type BookmarkAnswer, type BookmarksPage } from '@devcircle/contracts';
import {
  callerIn,
  Joi,
  limitField,
  notFound,
  objectIdString,
  parseObjectId,
  requireIdentity,
  type Router,
  validate,
  validated,
} from '@devcircle/service-kit';
import type { PostsContext } from '../context';
import { postViews } from '../posts/views';
import { feedViewer } from '../privacy/visibility';
import { withoutHiddenComments } from '../relations/hide';
import { loadVisiblePost, POST_NOT_FOUND } from './load';

interface BookmarksQuery {
  limit: number;
  before?: string;
}

const bookmarksParams = Joi.object<BookmarksQuery>({
  limit: limitField(FEED_PAGE_SIZE),
  before: objectIdString('before'),
});

/**
 * A member's bookmarks (README "Bookmarks"): saving and removing are idempotent `PUT`/`DELETE`, and the list
 * pages by cursor, the most recently saved first. Only ever the caller's own; nothing is recorded for the author.
 */
export function bookmarkRoutes(router: Router, app: PostsContext): void {
  router.put('/api/posts/:id/bookmark', requireIdentity, async (ctx) => {
    const caller = callerIn(ctx.state);
    // A post the caller may not see is the same 404 as one that does not exist.
    const post = await loadVisiblePost(app, ctx.params.id, caller.id);
    await app.bookmarks.add(caller.id, post._id);
    // Before answering: the member's next read on this instance shows it (others hear of it by their stream).
    app.cache.bookmarksChanged(post._id);
    // Deleted between the read and the insert: its deletion has already removed its bookmarks, so this one
    // removes itself (a deleted post leaves no bookmark behind).
    if (!(await app.posts.findById(post._id))) {
      await app.bookmarks.remove(caller.id, post._id);
      throw notFound(POST_NOT_FOUND);
    }
    ctx.body = { postId: post._id.toHexString(), bookmarked: true } satisfies BookmarkAnswer;
  });

  router.delete('/api/posts/:id/bookmark', requireIdentity, async (ctx) => {
    const caller = callerIn(ctx.state);
    const postId = parseObjectId(ctx.params.id);
    if (!postId) throw notFound(POST_NOT_FOUND);
    // No visibility check: a member may drop their own bookmark of a post they can no longer see, and the answer
    // is the same whether the post exists or not, so it tells nothing about it.
    await app.bookmarks.remove(caller.id, postId);
    app.cache.bookmarksChanged(postId);
    ctx.body = { postId: postId.toHexString(), bookmarked: false } satisfies BookmarkAnswer;
  });

  router.get('/api/bookmarks', requireIdentity, validate({ query: bookmarksParams }), async (ctx) => {
    const { limit, before } = validated<BookmarksQuery>(ctx.state, 'query');
    // The feed's two reads: who the caller is and which private authors they follow (README "Privacy").
    const viewer = await feedViewer(app, callerIn(ctx.state).id);
    const saved = await app.bookmarks.savedPosts(
      viewer,
      before ? parseObjectId(before) : undefined,
      limit + 1,
    );
    const page = saved.slice(0, limit);
    const body: BookmarksPage = {
      posts: (
        await postViews(
          app,
          page.map(({ post }) => post),
          viewer.id,
        )
      ).map((view) => withoutHiddenComments(view, viewer.hidden)),
      hasMore: saved.length > limit,
      nextCursor: page.length > 0 ? page[page.length - 1].bookmarkId.toHexString() : null,
    };
    ctx.body = body;
  });
}
