import { useEffect, useState } from 'react';
import { Newspaper, RefreshCw, Users, WifiOff } from 'lucide-react';
import { FEED_SCOPES, ROUTES, type FeedScope } from '@devcircle/contracts';
import { AppLink, Button, EmptyState, Page, Spinner, buttonClassName } from '@devcircle/ui';
import { Tabs } from '@devcircle/ui/tabs';
import { PostList, PostListLoading, postListStyles as styles } from '../post-list/PostList';
import { useScrollPaging } from '../post-list/useScrollPaging';
import { FeedHeader } from './FeedHeader';
import { useFeedScope } from './feedScope';
import { WelcomeDialog } from './WelcomeDialog';
import { FEED_ERROR_MESSAGE, useFeed } from './useFeed';
import { hasSeenWelcome, markWelcomeSeen } from './welcomeFlag';

const LABELS: Record<FeedScope, string> = { everyone: 'Everyone', following: 'Following' };
const FEED_TABS = FEED_SCOPES.map((scope) => ({ key: scope, label: LABELS[scope] }));

/**
 * The feed: newest posts first, infinite scroll, the once-per-session welcome. `welcome` is false where the feed
 * only stands behind another dialog (/messages), so two dialogs never compete. Two tabs (issue 19): Everyone, the
 * spec's feed and the default, and Following; the member's choice is remembered (feedScope.ts).
 */
export function FeedScreen({ welcome = true }: { welcome?: boolean }) {
  const [scope, setScope] = useFeedScope();
  const feed = useFeed(scope);
  const { posts, status, loadFirst } = feed;
  const [welcomeOpen, setWelcomeOpen] = useState(() => welcome && !hasSeenWelcome());

  // The first load waits for the welcome dialog (if it shows) to be dismissed.
  useEffect(() => {
    if (!welcomeOpen) void loadFirst();
  }, [welcomeOpen, loadFirst]);

  const { sentinelRef, listed, endReached } = useScrollPaging(feed);

  const closeWelcome = () => {
    markWelcomeSeen();
    setWelcomeOpen(false);
  };

  return (
    <Page>
      <FeedHeader />
      <WelcomeDialog open={welcomeOpen} onDone={closeWelcome} />
      <Tabs label="Feed" tabs={FEED_TABS} selected={scope} onSelect={setScope}>
        {status === 'loading' && <PostListLoading label="Loading posts" />}

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
            <PostList label="Posts" pages={feed} />
            <div ref={sentinelRef} className={styles.sentinel} data-testid="feed-sentinel" />
            {feed.loadingMore && <Spinner label="Loading more posts" className={styles.more} />}
            {endReached && <p className={styles.end}>You&apos;ve reached the end! Great job exploring.</p>}
          </>
        )}
      </Tabs>
    </Page>
  );
}
