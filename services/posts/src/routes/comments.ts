import {
  type Caller,
  callerIn,
  forbidden,
  inTransaction,
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
import type { ClientSession } from 'mongodb';
import { commentBody, type CommentBody } from '../comments/fields';
import type { PostsContext } from '../context';
import { removeComment } from '../deletion/remove-content';
import { postEventFields, recordPostEvent } from '../events/record';
import type { Post } from '../posts/post';
import { commentViews, postView } from '../posts/views';
import { addedMentions, visibleMentions } from '../tags/mentions';
import { loadComment, loadVisiblePost, POST_NOT_FOUND } from './load';

/** Comments come 20 to a page unless `limit` says otherwise. */
const COMMENTS_PAGE_SIZE = 20;

interface CommentsQuery {
  limit: number;
  before?: string;
}

const commentsParams = Joi.object<CommentsQuery>({
  limit: limitField(COMMENTS_PAGE_SIZE),
  before: objectIdString('before'),
});

/** The post as it is after the caller's write, or 404 when it was deleted meanwhile. */
async function currentPost(app: PostsContext, post: Post, caller: Caller) {
  // Every comment write answers through here: its card goes before the answer (docs/caching.md).
  app.cache.postChanged(post._id);
  const current = await app.posts.findById(post._id);
  if (!current) throw notFound(POST_NOT_FOUND);
  return postView(app, current, caller.id);
}

/** Adding, editing, deleting and paging through a post's comments; all on a post the caller may see. */
export function commentRoutes(router: Router, app: PostsContext): void {
  router.post('/api/posts/:id/comment', requireIdentity, validate({ body: commentBody }), async (ctx) => {
    const { text } = validated<CommentBody>(ctx.state, 'body');
    const caller = callerIn(ctx.state);
    const post = await loadVisiblePost(app, ctx.params.id, caller.id);
    await app.authors.ensure(caller.id, caller.username);
    // Who of the `@names` may see the post, so hears of it (docs/rich-text.md).
    const mentions = await visibleMentions(app, post, caller, text);
    // The comment, the post's count and the event commit together (a post deleted meanwhile: none of them).
    await inTransaction(app.deps.database.client, async (session) => {
      if (!(await app.posts.addToCounts(post._id, { commentsCount: 1 }, session)))
        throw notFound(POST_NOT_FOUND);
      const comment = await app.comments.insert(post._id, caller.id, text, session);
      await recordPostEvent(
        app,
        {
          type: 'comment',
          ...postEventFields(caller, post),
          commentId: comment._id,
          ...(mentions.length > 0 ? { mentions } : {}),
        },
        session,
      );
    });
    ctx.status = 201;
    ctx.body = await currentPost(app, post, caller);
  });

  router.put(
    '/api/posts/:id/comment/:commentId',
    requireIdentity,
    validate({ body: commentBody }),
    async (ctx) => {
      const { text } = validated<CommentBody>(ctx.state, 'body');
      const caller = callerIn(ctx.state);
      const post = await loadVisiblePost(app, ctx.params.id, caller.id);
      const comment = await loadComment(app, post, ctx.params.commentId);
      if (!comment.userId.equals(caller.id)) throw forbidden('You can only edit your own comments');
      await app.authors.ensure(caller.id, caller.username);
      // Only the names this edit adds are news to their owners (docs/rich-text.md): then the text and its event
      // commit together; an edit that names nobody new is the one write it always was.
      const mentions = await addedMentions(app, post, caller, comment.text, text);
      const update = (session?: ClientSession) =>
        app.comments.updateText(comment._id, caller.id, text, session).then((updated) => {
          if (!updated) throw notFound('Comment not found');
        });
      if (mentions.length === 0) await update();
      else
        await inTransaction(app.deps.database.client, async (session) => {
          await update(session);
          await recordPostEvent(
            app,
            { type: 'comment.edited', ...postEventFields(caller, post), commentId: comment._id, mentions },
            session,
          );
        });
      ctx.body = await currentPost(app, post, caller);
    },
  );

  router.delete('/api/posts/:id/comment/:commentId', requireIdentity, async (ctx) => {
    const caller = callerIn(ctx.state);
    const post = await loadVisiblePost(app, ctx.params.id, caller.id);
    const comment = await loadComment(app, post, ctx.params.commentId);
    if (!comment.userId.equals(caller.id)) throw forbidden('You can only delete your own comments');
    // As a moderator's removal does (deletion/remove-content.ts): one transaction, counted once.
    await removeComment(app, post, comment._id, caller);
    ctx.body = await currentPost(app, post, caller);
  });

  router.get('/api/posts/:id/comments', requireIdentity, validate({ query: commentsParams }), async (ctx) => {
    const { limit, before } = validated<CommentsQuery>(ctx.state, 'query');
    const caller = callerIn(ctx.state);
    const post = await loadVisiblePost(app, ctx.params.id, caller.id);
    // Comments of members hidden from the caller are left out in the query (docs/safety.md), so pages stay full.
    const hidden = await app.hidden.hiddenFrom(caller.id);
    const found = await app.comments.latest(post._id, limit + 1, parseObjectId(before), hidden.authors);
    const page = found.slice(0, limit);
    const authors = await app.authors.findMany(page.map((comment) => comment.userId));
    ctx.body = { comments: commentViews(page, authors), hasMore: found.length > limit };
  });
}
