import { ensureEventLog, LOGS, type ServiceDefinition } from '@devcircle/service-kit';
import { ensureBookmarkIndexes } from './bookmarks/indexes';
import { followChanges } from './cache/changes';
import { ensureCommentIndexes } from './comments/indexes';
import { accountDeletionConsumer } from './consumers/account-deletion';
import { authorsConsumer } from './consumers/authors';
import { followsConsumer } from './consumers/follows';
import { relationsConsumer } from './consumers/relations';
import { ensureHiddenAuthorIndexes } from './relations/indexes';
import { moderationConsumer } from './consumers/moderation';
import { createPostsContext, type PostsContext } from './context';
import { ensureFollowIndexes } from './follows/indexes';
import { ensureLikeIndexes } from './likes/indexes';
import { ensurePostIndexes } from './posts/indexes';
import { bookmarkRoutes } from './routes/bookmarks';
import { commentRoutes } from './routes/comments';
import { internalRoutes } from './routes/internal';
import { likeRoutes } from './routes/likes';
import { postRoutes } from './routes/posts';
import { reportableRoutes } from './routes/reportable';
import { tagRoutes } from './routes/tags';
import { ensureMentionIndexes } from './tags/mentions';

/**
 * The posts service: posts, likes, comments, the names shown with them, who may see them (README "Privacy"),
 * and the events they cause.
 */
export const definition: ServiceDefinition<PostsContext> = {
  name: 'posts',
  context: createPostsContext,
  setup: async ({ db }) => {
    await ensurePostIndexes(db);
    await ensureLikeIndexes(db);
    await ensureCommentIndexes(db);
    await ensureFollowIndexes(db);
    await ensureBookmarkIndexes(db);
    await ensureHiddenAuthorIndexes(db);
    await ensureMentionIndexes(db);
    await ensureEventLog(db, LOGS.posts);
  },
  routes: (router, app) => {
    postRoutes(router, app);
    likeRoutes(router, app);
    commentRoutes(router, app);
    bookmarkRoutes(router, app);
    tagRoutes(router, app);
    internalRoutes(router, app);
    reportableRoutes(router, app);
  },
  consumers: (app) => [
    authorsConsumer(app),
    followsConsumer(app),
    accountDeletionConsumer(app),
    relationsConsumer(app),
    moderationConsumer(app),
  ],
  // The feed cache's change stream, for as long as the server runs (docs/caching.md).
  attach: (_server, app) => followChanges(app.deps.db, app.cache, app.deps.logger),
};

export { authorPostsQuery, feedQuery } from './posts/repository';
export { postCommentsQuery } from './comments/repository';
export type { PostView } from './posts/post';
export type { FeedViewer } from './privacy/feed-viewer';
export type { StoredPostEvent } from './events/record';
