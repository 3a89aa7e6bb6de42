import type { RemoteAppProps } from '@devcircle/sdk/remote';
import { CreatePostScreen } from '../features/create-post/CreatePostScreen';
import { FeedScreen } from '../features/feed/FeedScreen';
import { PostDetailScreen } from '../features/post-detail/PostDetailScreen';

const POST_PATH = /^\/post\/([^/]+)$/;

/** Picks the feed screen from the path; the shell's router decides which paths reach this remote. */
export function FeedApp({ path }: RemoteAppProps) {
  const normalized = path.replace(/\/+$/, '') || '/';
  if (normalized === '/create-post') return <CreatePostScreen />;
  const postMatch = POST_PATH.exec(normalized);
  // `key`: moving from one post to another starts the detail screen afresh.
  if (postMatch) return <PostDetailScreen key={postMatch[1]} postId={decodeURIComponent(postMatch[1])} />;
  // '/messages' lands here too: the shell shows its coming-soon dialog over the feed.
  return <FeedScreen welcome={normalized === '/' || normalized === '/feed'} />;
}
