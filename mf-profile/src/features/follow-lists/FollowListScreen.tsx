import { Users } from 'lucide-react';
import type { FollowList } from '@devcircle/contracts';
import { Button, cardClassName, cx, EmptyState, Page } from '@devcircle/ui';
import { FOLLOW_LIST_TITLES, FollowListHeader } from './FollowListHeader';
import { FollowListSkeleton } from './FollowListSkeleton';
import { FollowRow } from './FollowRow';
import { useFollowList } from './useFollowList';
import styles from './FollowListScreen.module.css';

const EMPTY: Record<FollowList, string> = {
  followers: 'No followers yet.',
  following: 'Not following anyone yet.',
};

/** /profile/{username}/followers and /following (product-spec §2): the people, newest first. */
export function FollowListScreen({ username, list }: { username: string; list: FollowList }) {
  const { state, loadingMore, loadMore } = useFollowList(username, list);
  const title = FOLLOW_LIST_TITLES[list];
  return (
    <Page className={styles.page}>
      <FollowListHeader username={username} list={list} />
      {state.status === 'loading' && <FollowListSkeleton list={list} />}
      {state.status === 'failed' && (
        <EmptyState
          role="alert"
          tone="warning"
          icon={<Users size={24} />}
          title={state.message}
          message={state.detail}
        />
      )}
      {state.status === 'loaded' && state.users.length === 0 && (
        <EmptyState icon={<Users size={24} />} title={EMPTY[list]} />
      )}
      {state.status === 'loaded' && state.users.length > 0 && (
        <>
          <ul
            className={cx(cardClassName({ padding: 'none', stack: false }), styles.list)}
            aria-label={title}
          >
            {state.users.map((user) => (
              <li key={user._id} className={styles.item}>
                <FollowRow user={user} />
              </li>
            ))}
          </ul>
          {state.hasMore && (
            <Button
              variant="secondary"
              className={styles.more}
              busy={loadingMore}
              onClick={() => void loadMore()}
            >
              Load More
            </Button>
          )}
        </>
      )}
    </Page>
  );
}
