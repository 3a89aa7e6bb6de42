import { Users } from 'lucide-react';
import { ROUTES, type FollowList } from '@devcircle/contracts';
import { BackLink, Button, cardClassName, cx, EmptyState, Page } from '@devcircle/ui';
import { FollowListSkeleton } from './FollowListSkeleton';
import { FollowRow } from './FollowRow';
import { useFollowList } from './useFollowList';
import styles from './FollowListScreen.module.css';

const TITLES: Record<FollowList, string> = { followers: 'Followers', following: 'Following' };
const EMPTY: Record<FollowList, string> = {
  followers: 'No followers yet.',
  following: 'Not following anyone yet.',
};

/** /profile/{username}/followers and /following (product-spec §2): the people, newest first. */
export function FollowListScreen({ username, list }: { username: string; list: FollowList }) {
  const { state, loadingMore, loadMore } = useFollowList(username, list);
  const title = TITLES[list];
  return (
    <Page className={styles.page}>
      <BackLink to={ROUTES.profile(username)}>Back to profile</BackLink>
      <h1 className={styles.title}>
        {title} <span className={styles.of}>of @{username}</span>
      </h1>
      {state.status === 'loading' && <FollowListSkeleton label={`Loading ${title.toLowerCase()}`} />}
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
