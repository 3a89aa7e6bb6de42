import type { FollowList } from '@devcircle/contracts';
import { Page } from '@devcircle/ui';
import { FollowListHeader } from './FollowListHeader';
import { FollowListSkeleton } from './FollowListSkeleton';
import styles from './FollowListScreen.module.css';

/** The list screen while it loads (its code, then its first page): the header and the rows' skeleton. */
export function FollowListLoading({ username, list }: { username: string; list: FollowList }) {
  return (
    <Page className={styles.page}>
      <FollowListHeader username={username} list={list} />
      <FollowListSkeleton list={list} />
    </Page>
  );
}
