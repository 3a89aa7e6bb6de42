import { FEED_PAGE_SIZE, isTagName, normalizeTag } from '@devcircle/contracts';
import {
  badRequest,
  callerIn,
  Joi,
  limitField,
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
import { tagPostsQuery } from '../tags/queries';
import { trendingTags } from '../tags/trending';

export const TAG_INVALID = 'A tag is 1 to 50 letters, digits or underscores, starting with a letter';

interface TagPostsQuery {
  limit: number;
  before?: string;
}

const tagPostsParams = Joi.object<TagPostsQuery>({
  limit: limitField(FEED_PAGE_SIZE),
  before: objectIdString('before'),
});

/** Hashtags (issue 19): a tag's posts, paged like the feed, and the most used tags of the day. */
export function tagRoutes(router: Router, app: PostsContext): void {
  router.get('/api/tags/trending', requireIdentity, async (ctx) => {
    ctx.body = await trendingTags(app);
  });

  router.get('/api/tags/:tag/posts', requireIdentity, validate({ query: tagPostsParams }), async (ctx) => {
    const { limit, before } = validated<TagPostsQuery>(ctx.state, 'query');
    const name = ctx.params.tag;
    if (!isTagName(name)) throw badRequest(TAG_INVALID);
    // The feed's privacy: a private author's posts only for them and their followers.
    const viewer = await feedViewer(app, callerIn(ctx.state).id);
    const cursor = before ? parseObjectId(before) : undefined;
    const found = await app.posts.list(tagPostsQuery(normalizeTag(name), viewer, cursor), {
      skip: 0,
      limit: limit + 1,
    });
    const posts = (await postViews(app, found.slice(0, limit), viewer.id)).map((view) =>
      withoutHiddenComments(view, viewer.hidden),
    );
    ctx.body = {
      posts,
      hasMore: found.length > limit,
      nextCursor: posts.length > 0 ? posts[posts.length - 1]._id : null,
    };
  });
}
