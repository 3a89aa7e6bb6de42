import { Suspense } from 'react';
import { matchRoute, normalizeTag, ROUTE_PATTERNS, ROUTES } from '@devcircle/contracts';
import { lazyScreen, type RemoteAppProps } from '@devcircle/sdk/remote';
import { preloadComments } from '@devcircle/ui/post-card';
import { BookmarksSkeleton } from '../features/bookmarks/BookmarksSkeleton';
import { CreatePostSkeleton } from '../features/create-post/CreatePostSkeleton';
import { FeedScreen } from '../features/feed/FeedScreen';
import { PostDetailSkeleton } from '../features/post-detail/PostDetailSkeleton';
import { TagSkeleton } from '../features/tag/TagSkeleton';

// The feed is this remote's first screen and comes with it; the other screens are chunks of their own, fetched
// the first time their route shows.
const CreatePostScreen = lazyScreen(() =>
  import(/* webpackChunkName: "create-post" */ '../features/create-post/CreatePostScreen').then(
    (module) => module.CreatePostScreen,
  ),
);
const PostDetailScreen = lazyScreen(() => {
  // The detail page opens its comments: their chunk comes side by side with the screen's.
  preloadComments();
  return import(/* webpackChunkName: "post-detail" */ '../features/post-detail/PostDetailScreen').then(
    (module) => module.PostDetailScreen,
  );
});

const TagScreen = lazyScreen(() =>
  import(/* webpackChunkName: "tag" */ '../features/tag/TagScreen').then((module) => module.TagScreen),
);

const BookmarksScreen = lazyScreen(() =>
  import(/* webpackChunkName: "bookmarks" */ '../features/bookmarks/BookmarksScreen').then(
    (module) => module.BookmarksScreen,
  ),
);

/** Picks the feed screen from the path; the shell's router decides which paths reach this remote. */
export function FeedApp({ path }: RemoteAppProps) {
  const normalized = path.replace(/\/+$/, '') || '/';
  if (normalized === ROUTES.createPost) {
    // While a screen's code loads, its skeleton holds its place (the same geometry: nothing moves on arrival).
    return (
      <Suspense fallback={<CreatePostSkeleton />}>
        <CreatePostScreen />
      </Suspense>
    );
  }
  const tag = matchTag(normalized);
  if (tag) {
    return (
      <Suspense key={tag} fallback={<TagSkeleton tag={tag} />}>
        <TagScreen tag={tag} />
      </Suspense>
    );
  }
  if (normalized === ROUTES.bookmarks) {
    return (
      <Suspense fallback={<BookmarksSkeleton />}>
        <BookmarksScreen />
      </Suspense>
    );
  }
  const post = matchRoute(ROUTE_PATTERNS.post, normalized);
  if (post) {
    // `key`: moving from one post to another starts the detail screen afresh.
    return (
      <Suspense key={post.id} fallback={<PostDetailSkeleton />}>
        <PostDetailScreen postId={post.id} />
      </Suspense>
    );
  }
  // '/messages' lands here too: the shell shows its coming-soon dialog over the feed.
  return <FeedScreen welcome={normalized === ROUTES.landing || normalized === ROUTES.feed} />;
}

/** The tag of a /tags/:tag path, lower-cased as tags are stored; null for another path or a malformed escape. */
function matchTag(path: string): string | null {
  try {
    const params = matchRoute(ROUTE_PATTERNS.tag, path);
    return params ? normalizeTag(params.tag) : null;
  } catch {
    return null;
  }
}
