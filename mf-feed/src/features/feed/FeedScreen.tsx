import { useEffect, useRef, useState } from 'react';
import { Newspaper, RefreshCw, Users, WifiOff } from 'lucide-react';
import { ROUTES } from '@devcircle/contracts';
import { AppLink, Button, EmptyState, Page, Spinner, VisuallyHidden, buttonClassName } from '@devcircle/ui';
import { PostCard } from '@devcircle/ui/post-card';
import { FeedHeader } from './FeedHeader';
import { FeedTabs } from './FeedTabs';
import { useFeedScope } from './feedScope';
import { PostCardSkeleton } from './PostCardSkeleton';
import { WelcomeDialog } from './WelcomeDialog';
import { FEED_ERROR_MESSAGE, useFeed } from './useFeed';
import { useEndReached } from './useEndReached';
import { useInfiniteScroll } from './useInfiniteScroll';
import { useSentinelVisible } from './useSentinelVisible';
import { hasSeenWelcome, markWelcomeSeen } from './welcomeFlag';
import styles from './FeedScreen.module.css';

const SKELETON_COUNT = 3;

/**
 * The feed: newest posts first, infinite scroll, the once-per-session welcome. `welcome` is false where the feed
 * only stands behind another dialog (/messages), so two dialogs never compete. Two tabs (issue 19): Everyone, the
 * spec's feed and the default, and Following; the member's choice is remembered (feedScope.ts).
 */
export function FeedScreen({ welcome = true }: { welcome?: boolean }) {
  const [scope, setScope] = useFeedScope();
  const feed = useFeed(scope);
  const { posts, status, hasMore, loadFirst } = feed;
  const [welcomeOpen, setWelcomeOpen] = useState(() => welcome && !hasSeenWelcome());
  const sentinelRef = useRef<HTMLDivElement>(null);

  // The first load waits for the welcome dialog (if it shows) to be dismissed.
  useEffect(() => {
    if (!welcomeOpen) void loadFirst();
  }, [welcomeOpen, loadFirst]);

  // Deleting every listed post while the server has more: start over rather than claim the feed is empty.
  useEffect(() => {
    if (status === 'ready' && posts.length === 0 && hasMore) void loadFirst();
  }, [status, posts.length, hasMore, loadFirst]);

  const listed = status === 'ready' && posts.length > 0;
  const visible = useSentinelVisible(sentinelRef, listed);
  useInfiniteScroll({
    visible,
    hasMore,
    loading: feed.loadingMore,
    failed: feed.moreFailed,
    count: posts.length,
    loadMore: () => void feed.loadMore(),
    allowRetry: feed.allowRetry,
  });
  const endReached = useEndReached(listed && visible && !hasMore);

  const closeWelcome = () => {
    markWelcomeSeen();
    setWelcomeOpen(false);
  };

  return (
    <Page>
      <FeedHeader />
      <WelcomeDialog open={welcomeOpen} onDone={closeWelcome} />
      <FeedTabs scope={scope} onChange={setScope}>
        {(status === 'idle' || status === 'loading') && (
          <div className={styles.list} aria-busy="true">
            <VisuallyHidden role="status">Loading posts</VisuallyHidden>
            {Array.from({ length: SKELETON_COUNT }, (_, index) => (
              <PostCardSkeleton key={index} />
            ))}
          </div>
        )}

        {status === 'error' && (
          <EmptyState
            role="alert"
            tone="warning"
            icon={<WifiOff size={24} />}
            title={FEED_ERROR_MESSAGE}
            action={
              <Button
                variant="secondary"
                icon={<RefreshCw size={16} aria-hidden="true" />}
                onClick={() => void loadFirst()}
              >
                Try again
              </Button>
            }
          />
        )}

        {status === 'ready' && posts.length === 0 && scope === 'following' && (
          <EmptyState
            icon={<Users size={24} />}
            title="Nothing here yet"
            message="Follow developers to see their posts here, newest first. Your own posts show here too."
            action={
              <AppLink to={ROUTES.explore} className={buttonClassName()}>
                Find people on Explore
              </AppLink>
            }
          />
        )}

        {status === 'ready' && posts.length === 0 && scope === 'everyone' && (
          <EmptyState
            icon={<Newspaper size={24} />}
            title="No posts yet"
            message="Be the first to share something with the community!"
            action={
              <AppLink to={ROUTES.createPost} className={buttonClassName()}>
                Create Post
              </AppLink>
            }
          />
        )}

        {listed && (
          <>
            <ul className={styles.list} aria-label="Posts">
              {posts.map((post) => (
                <li key={post._id} className={styles.item}>
                  <PostCard post={post} onChange={feed.replacePost} onDeleted={feed.removePost} />
                </li>
              ))}
            </ul>
            <div ref={sentinelRef} className={styles.sentinel} data-testid="feed-sentinel" />
            {feed.loadingMore && <Spinner label="Loading more posts" className={styles.more} />}
            {endReached && <p className={styles.end}>You&apos;ve reached the end! Great job exploring.</p>}
          </>
        )}
      </FeedTabs>
    </Page>
  );
}
