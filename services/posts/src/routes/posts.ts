import { FEED_PAGE_SIZE, FEED_SCOPES, type FeedScope } from '@devcircle/contracts';
import {
  callerIn,
  forbidden,
  Joi,
  limitField,
  objectIdString,
  pageCount,
  pageField,
  parseObjectId,
  rememberedQuery,
  requireIdentity,
  type Router,
  sendTaggedJson,
  validate,
  validated,
} from '@devcircle/service-kit';
import { feedPageFromCache, postFromCache } from '../cache/feed';
import type { PostsContext } from '../context';
import { removePost } from '../deletion/remove-content';
import { newPostBody, type NewPostBody } from '../posts/fields';
import { feedQuery } from '../posts/repository';
import { postCreates } from '../posts/creates';
import { newPostView } from '../posts/new-post-view';
import { postView, postViews } from '../posts/views';
import { feedViewer } from '../privacy/visibility';
import { withoutHiddenComments } from '../relations/hide';
import { followingFeedPage } from './following-feed';
import { loadVisiblePost } from './load';
import { FeedAnswers } from './feed-answers';

interface FeedQuery {
  page?: number;
  limit: number;
  before?: string;
  scope: FeedScope;
}

/** Pages by number, or (what the feed remote uses) by cursor; not both at once. */
const feedParams = Joi.object<FeedQuery>({
  // No default here: `oxor` would see the default as a page given alongside `before`.
  // The following feed pages by cursor only (issue 19): a page number there is refused, not ignored.
  page: pageField.when('scope', {
    is: 'following',
    then: Joi.forbidden().messages({ 'any.unknown': 'The following feed pages by before, not by page' }),
  }),
  limit: limitField(FEED_PAGE_SIZE),
  before: objectIdString('before'),
  scope: Joi.string()
    .valid(...FEED_SCOPES)
    .default('everyone')
    .messages({ '*': `scope must be one of ${FEED_SCOPES.join(', ')}` }),
})
  .oxor('page', 'before')
  .messages({ 'object.oxor': 'Use either page or before, not both' });

/** The feed, one post, creating and deleting posts. */
export function postRoutes(router: Router, app: PostsContext): void {
  const feedAnswers = new FeedAnswers();
  router.get('/api/posts', requireIdentity, rememberedQuery(feedParams), async (ctx) => {
    const { page, limit, before, scope } = validated<FeedQuery>(ctx.state, 'query');
    if (scope === 'following') {
      const cursor = before ? parseObjectId(before) : undefined;
      ctx.body = await followingFeedPage(app, callerIn(ctx.state).id, cursor, limit);
      return;
    }
    // Everyone's feed comes with this instance's cached cards when it can answer (docs/caching.md), at any depth.
    const fromCache = await feedPageFromCache(app, callerIn(ctx.state).id, {
      limit,
      page,
      before: before ? parseObjectId(before) : undefined,
    });
    if (fromCache) {
      const { posts, hasMore } = fromCache;
      const answer =
        page === undefined
          ? { posts, hasMore, nextCursor: posts.length > 0 ? posts[posts.length - 1]._id : null }
          : {
              posts,
              pagination: {
                current: page,
                pages: pageCount(await app.cache.feedTotal(() => app.posts.estimatedTotal()), limit),
              },
              hasMore,
            };
      sendTaggedJson(ctx, feedAnswers.tagged(answer));
      return;
    }
    // Only posts the caller may see (README "Privacy"), in both modes.
    const viewer = await feedViewer(app, callerIn(ctx.state).id);
    // Without a page number it is cursor paging from the newest post: no count, so the first page stays as
    // cheap as any other however many posts there are (bench/posts).
    if (page === undefined) {
      const cursor = before ? parseObjectId(before) : undefined;
      const found = await app.posts.list(feedQuery(cursor, viewer), { skip: 0, limit: limit + 1 });
      const posts = (await postViews(app, found.slice(0, limit), viewer.id)).map((view) =>
        withoutHiddenComments(view, viewer.hidden),
      );
      const hasMore = found.length > limit;
      ctx.body = { posts, hasMore, nextCursor: posts.length > 0 ? posts[posts.length - 1]._id : null };
      return;
    }
    const query = feedQuery(undefined, viewer);
    const [found, total] = await Promise.all([
      app.posts.list(query, { skip: (page - 1) * limit, limit: limit + 1 }),
      // The whole collection: the collection's own count, not a scan. It includes posts the caller may not see,
      // so `pages` is an upper bound (`hasMore` is exact).
      app.posts.estimatedTotal(),
    ]);
    ctx.body = {
      posts: (await postViews(app, found.slice(0, limit), viewer.id)).map((view) =>
        withoutHiddenComments(view, viewer.hidden),
      ),
      pagination: { current: page, pages: pageCount(total, limit) },
      hasMore: found.length > limit,
    };
  });

  router.get('/api/posts/:id', requireIdentity, async (ctx) => {
    const caller = callerIn(ctx.state);
    const postId = parseObjectId(ctx.params.id);
    const cached = postId && (await postFromCache(app, postId, caller.id));
    if (cached) {
      ctx.body = cached;
      return;
    }
    const post = await loadVisiblePost(app, ctx.params.id, caller.id);
    ctx.body = withoutHiddenComments(
      await postView(app, post, caller.id),
      await app.hidden.hiddenFrom(caller.id),
    );
  });

  router.post('/api/posts', requireIdentity, validate({ body: newPostBody }), async (ctx) => {
    const { content, codeSnippet, codeLanguage } = validated<NewPostBody>(ctx.state, 'body');
    // Committed in a batch with the creates that arrive meanwhile (posts/creates.ts): the author's record, the post,
    // the count and any mention event in one transaction; the answer needs no read (a new post has no likes or
    // comments).
    const { post, author } = await postCreates(app).create(callerIn(ctx.state), {
      content,
      codeSnippet: codeSnippet || undefined,
      codeLanguage: codeLanguage || undefined,
    });
    ctx.status = 201;
    ctx.body = newPostView(post, author);
  });

  router.delete('/api/posts/:id', requireIdentity, async (ctx) => {
    const caller = callerIn(ctx.state);
    // A stranger gets the 404 of a missing post, not the 403 that would tell them it exists.
    const post = await loadVisiblePost(app, ctx.params.id, caller.id);
    if (!post.authorId.equals(caller.id)) throw forbidden('You can only delete your own posts');
    await removePost(app, post, caller);
    ctx.body = { message: 'Post deleted' };
  });
}
