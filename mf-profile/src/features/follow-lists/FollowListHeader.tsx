import { ROUTES, type FollowList } from '@devcircle/contracts';
import { BackLink } from '@devcircle/ui';
import styles from './FollowListScreen.module.css';

export const FOLLOW_LIST_TITLES: Record<FollowList, string> = {
  followers: 'Followers',
  following: 'Following',
};

/**
 * The list's way back and its title, in plain English ('Followers of @ada', 'People @ada follows' — not
 * 'Following of @ada'): the same while the list loads and once it has.
 */
export function FollowListHeader({ username, list }: { username: string; list: FollowList }) {
  const handle = <span className={styles.handle}>@{username}</span>;
  return (
    <>
      <BackLink to={ROUTES.profile(username)}>Back to profile</BackLink>
      <h1 className={styles.title}>
        {list === 'followers' ? <>Followers of {handle}</> : <>People {handle} follows</>}
      </h1>
    </>
  );
}
