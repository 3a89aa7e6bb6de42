import type { ReportableContent } from '@devcircle/contracts';
import { optionalCallerId, requireInternal, unauthorized, type Router } from '@devcircle/service-kit';
import type { ObjectId } from 'mongodb';
import { toAuthorView, unknownAuthor } from '../authors/author';
import type { PostsContext } from '../context';
import { loadComment, loadVisiblePost } from './load';

/**
 * What a member reports (issue 20, docs/moderation.md), asked by the notifications service with the reporter's
 * identity header as the gateway signed it: the post or comment as the reporter may see it (one they may not is
 * the usual 404), and whose it is. The gateway never routes `/internal`.
 */
export function reportableRoutes(router: Router, app: PostsContext): void {
  const internalOnly = requireInternal(app.deps.config.internalSecret);

  const ownerView = async (id: ObjectId) => {
    const author = await app.authors.findById(id);
    return author ? toAuthorView(author) : unknownAuthor(id);
  };

  router.get('/internal/reportable/posts/:id', internalOnly, async (ctx) => {
    const viewer = optionalCallerId(ctx.state);
    if (!viewer) throw unauthorized();
    const post = await loadVisiblePost(app, ctx.params.id, viewer);
    const answer: ReportableContent = {
      owner: await ownerView(post.authorId),
      content: { text: post.content, ...(post.codeSnippet ? { codeSnippet: post.codeSnippet } : {}) },
    };
    ctx.body = answer;
  });

  router.get('/internal/reportable/posts/:id/comments/:commentId', internalOnly, async (ctx) => {
    const viewer = optionalCallerId(ctx.state);
    if (!viewer) throw unauthorized();
    const post = await loadVisiblePost(app, ctx.params.id, viewer);
    const comment = await loadComment(app, post, ctx.params.commentId);
    const answer: ReportableContent = {
      owner: await ownerView(comment.userId),
      content: { text: comment.text },
    };
    ctx.body = answer;
  });
}
