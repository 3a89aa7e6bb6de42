import { FEED_PAGE_SIZE, type PostPreview } from '@devcircle/contracts';
import {
  Joi,
  notFound,
  objectIdString,
  optionalCallerId,
  pageCount,
  pageQuery,
  type PageQuery,
  parseObjectId,
  requireInternal,
  type Router,
  validate,
  validated,
} from '@devcircle/service-kit';
import { toAuthorStats, toAuthorView } from '../authors/author';
import { deleteUserContent } from '../deletion/delete-user-content';
import type { PostsContext } from '../context';
import { POST_NOT_FOUND } from '../posts/post';
import { authorPostsQuery } from '../posts/repository';
import { postViews } from '../posts/views';
import type { ObjectId } from 'mongodb';
import { withoutHiddenComments } from '../relations/hide';

interface AuthorBody {
  username: string;
  displayName?: string;
}

const userParams = Joi.object({ userId: objectIdString('User id').required() });

const authorBody = Joi.object<AuthorBody>({
  username: Joi.string().trim().min(1).max(100).required().messages({
    'any.required': 'Username is required',
    'string.empty': 'Username is required',
    'string.base': 'Username must be a string',
    'string.max': 'Username must be at most 100 characters',
  }),
  displayName: Joi.string().trim().max(100).allow('').messages({
    'string.base': 'Display name must be a string',
    'string.max': 'Display name must be at most 100 characters',
  }),
});

const userIdOf = (state: { valid?: Record<string, unknown> }): ObjectId =>
  parseObjectId(validated<{ userId: string }>(state, 'params').userId) as ObjectId;

/** Calls from the users service only; the gateway never routes `/internal`. */
export function internalRoutes(router: Router, app: PostsContext): void {
  const internalOnly = requireInternal(app.deps.config.internalSecret);

  router.put(
    '/internal/authors/:userId',
    internalOnly,
    validate({ params: userParams, body: authorBody }),
    async (ctx) => {
      const { username, displayName } = validated<AuthorBody>(ctx.state, 'body');
      const author = await app.authors.set(userIdOf(ctx.state), username, displayName ?? '');
      app.cache.cardsChanged();
      ctx.body = toAuthorView(author);
    },
  );

  // The profile page's posts; the users service has already checked that the viewer may see them.
  router.get(
    '/internal/authors/:userId/posts',
    internalOnly,
    validate({ params: userParams, query: pageQuery(FEED_PAGE_SIZE) }),
    async (ctx) => {
      const { page, limit } = validated<PageQuery>(ctx.state, 'query');
      const userId = userIdOf(ctx.state);
      const viewer = optionalCallerId(ctx.state);
      const query = authorPostsQuery(userId);
      const [found, total, author, hidden] = await Promise.all([
        app.posts.list(query, { skip: (page - 1) * limit, limit: limit + 1 }),
        app.posts.count(query),
        app.authors.findById(userId),
        viewer ? app.hidden.hiddenFrom(viewer) : undefined,
      ]);
      // The viewer blocks or mutes the author (the users service already refused one the author blocks): the
      // profile shows no posts of theirs (docs/safety.md).
      if (hidden?.all.has(userId.toHexString())) {
        ctx.body = {
          posts: [],
          pagination: { current: page, pages: 0, total: 0, hasMore: false },
          stats: toAuthorStats(author),
        };
        return;
      }
      ctx.body = {
        posts: (await postViews(app, found.slice(0, limit), viewer)).map((view) =>
          withoutHiddenComments(view, hidden),
        ),
        pagination: { current: page, pages: pageCount(total, limit), total, hasMore: found.length > limit },
        stats: toAuthorStats(author),
      };
    },
  );

  // A shared link's preview (the gateway's unfurl tags): a public author's post only; a private author's post is
  // the same 404 as a missing one, so nothing of it leaves the service.
  router.get('/internal/posts/:id/preview', internalOnly, async (ctx) => {
    const postId = parseObjectId(ctx.params.id);
    const post = postId ? await app.posts.findById(postId) : null;
    const author = post && post.authorPrivate !== true ? await app.authors.findById(post.authorId) : null;
    if (!post || !author || author.isPrivate === true) throw notFound(POST_NOT_FOUND);
    const preview: PostPreview = {
      _id: post._id.toHexString(),
      author: { username: author.username, displayName: author.displayName || author.username },
      content: post.content,
      ...(post.codeLanguage ? { codeLanguage: post.codeLanguage } : {}),
      createdAt: post.createdAt.toISOString(),
    };
    ctx.body = preview;
  });

  router.delete('/internal/users/:userId', internalOnly, validate({ params: userParams }), async (ctx) => {
    const removed = await deleteUserContent(app, userIdOf(ctx.state));
    app.cache.clear();
    ctx.body = { message: 'User content deleted', removed };
  });
}
