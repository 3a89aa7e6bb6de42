import type { ServiceContext, ServiceDeps } from '@devcircle/service-kit';
import { AuthorRepository } from './authors/repository';
import { PostsCache } from './cache/posts-cache';
import { BookmarkRepository } from './bookmarks/repository';
import { CommentRepository } from './comments/repository';
import { FollowRepository } from './follows/repository';
import { LikeRepository } from './likes/repository';
import { PostRepository } from './posts/repository';
import { HiddenAuthorRepository } from './relations/repository';

/** Everything the routes and the consumers share, built once per start (the definition's `context`). */
export interface PostsContext extends ServiceContext {
  posts: PostRepository;
  likes: LikeRepository;
  comments: CommentRepository;
  authors: AuthorRepository;
  follows: FollowRepository;
  /** This instance's hot reads (docs/caching.md). */
  cache: PostsCache;
  bookmarks: BookmarkRepository;
  /** Blocks and mutes, per reader (docs/safety.md). */
  hidden: HiddenAuthorRepository;
}

export function createPostsContext(deps: ServiceDeps): PostsContext {
  return {
    deps,
    posts: new PostRepository(deps.db),
    likes: new LikeRepository(deps.db),
    comments: new CommentRepository(deps.db),
    authors: new AuthorRepository(deps.db),
    follows: new FollowRepository(deps.db),
    cache: new PostsCache(deps.env.POSTS_FEED_CACHE !== 'off'),
    bookmarks: new BookmarkRepository(deps.db),
    hidden: new HiddenAuthorRepository(deps.db),
  };
}
