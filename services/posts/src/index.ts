import type { ServiceDefinition } from '@devcircle/service-kit';
import { ensureCommentIndexes } from './comments/indexes';
import { createPostsContext } from './context';
import { ensureEventIndexes } from './events/indexes';
import { ensureLikeIndexes } from './likes/indexes';
import { ensurePostIndexes } from './posts/indexes';
import { commentRoutes } from './routes/comments';
import { internalRoutes } from './routes/internal';
import { likeRoutes } from './routes/likes';
import { postRoutes } from './routes/posts';

/** The posts service: posts, likes, comments, the names shown with them, and the events they cause. */
export const definition: ServiceDefinition = {
  name: 'posts',
  setup: async ({ db }) => {
    await ensurePostIndexes(db);
    await ensureLikeIndexes(db);
    await ensureCommentIndexes(db);
    await ensureEventIndexes(db);
  },
  routes: (router, deps) => {
    const app = createPostsContext(deps);
    postRoutes(router, app);
    likeRoutes(router, app);
    commentRoutes(router, app);
    internalRoutes(router, app);
  },
};

export { authorPostsQuery, feedQuery } from './posts/repository';
export { postCommentsQuery } from './comments/repository';
export type { PostView } from './posts/post';
export type { PostEvent } from './events/post-event';
