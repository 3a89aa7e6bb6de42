import { matchRoute, ROUTE_PATTERNS, ROUTES } from '@devcircle/contracts';
import type { RemoteAppProps } from '@devcircle/sdk/remote';
import { CreatePostScreen } from '../features/create-post/CreatePostScreen';
import { FeedScreen } from '../features/feed/FeedScreen';
import { PostDetailScreen } from '../features/post-detail/PostDetailScreen';

/** Picks the feed screen from the path; the shell's router decides which paths reach this remote. */
export function FeedApp({ path }: RemoteAppProps) {
  const normalized = path.replace(/\/+$/, '') || '/';
  if (normalized === ROUTES.createPost) return <CreatePostScreen />;
  const post = matchRoute(ROUTE_PATTERNS.post, normalized);
  // `key`: moving from one post to another starts the detail screen afresh.
  if (post) return <PostDetailScreen key={post.id} postId={post.id} />;
  // '/messages' lands here too: the shell shows its coming-soon dialog over the feed.
  return <FeedScreen welcome={normalized === ROUTES.landing || normalized === ROUTES.feed} />;
}
