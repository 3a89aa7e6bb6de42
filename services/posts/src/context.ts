import type { ServiceDeps } from '@devcircle/service-kit';
import { AuthorRepository } from './authors/repository';
import { CommentRepository } from './comments/repository';
import { FollowRepository } from './follows/repository';
import { LikeRepository } from './likes/repository';
import { PostRepository } from './posts/repository';

/** Everything the route handlers share, built once per running service. */
export interface PostsContext {
  deps: ServiceDeps;
  posts: PostRepository;
  likes: LikeRepository;
  comments: CommentRepository;
  authors: AuthorRepository;
  follows: FollowRepository;
}

export function createPostsContext(deps: ServiceDeps): PostsContext {
  return {
    deps,
    posts: new PostRepository(deps.db),
    likes: new LikeRepository(deps.db),
    comments: new CommentRepository(deps.db),
    authors: new AuthorRepository(deps.db),
    follows: new FollowRepository(deps.db),
  };
}
