import { ROUTES, type FollowList } from '@devcircle/contracts';
import { BackLink } from '@devcircle/ui';
import styles from './FollowListScreen.module.css';

export const FOLLOW_LIST_TITLES: Record<FollowList, string> = {
  followers: 'Followers',
  following: 'Following',
};

/** The list's way back and its title ('Followers of @ada'): the same while the list loads and once it has. */
export function FollowListHeader({ username, list }: { username: string; list: FollowList }) {
  return (
    <>
      <BackLink to={ROUTES.profile(username)}>Back to profile</BackLink>
      <h1 className={styles.title}>
        {FOLLOW_LIST_TITLES[list]} <span className={styles.of}>of @{username}</span>
      </h1>
    </>
  );
}
