import type { ReactNode } from 'react';
import { AppLink } from '@devcircle/ui';
import { followersPath, followingPath } from '../users/paths';
import type { PublicUser } from '../users/types';
import styles from './ProfileMetrics.module.css';

export interface ProfileMetricsProps {
  user: PublicUser;
  stats: { posts: number; likes: number };
}

function Metric({ value, label }: { value: number; label: string }): ReactNode {
  return (
    <>
      <span className={styles.value}>{value}</span>
      <span className={styles.label}>{label}</span>
    </>
  );
}

/** Profile Metrics: Followers and Following (links to their lists), Posts and Likes. */
export function ProfileMetrics({ user, stats }: ProfileMetricsProps) {
  return (
    <section aria-label="Profile Metrics">
      <ul className={styles.metrics}>
        <li>
          <AppLink to={followersPath(user.username)} className={styles.metric}>
            <Metric value={user.followersCount ?? 0} label="Followers" />
          </AppLink>
        </li>
        <li>
          <AppLink to={followingPath(user.username)} className={styles.metric}>
            <Metric value={user.followingCount ?? 0} label="Following" />
          </AppLink>
        </li>
        <li className={styles.metric}>
          <Metric value={stats.posts} label="Posts" />
        </li>
        <li className={styles.metric}>
          <Metric value={stats.likes} label="Likes" />
        </li>
      </ul>
    </section>
  );
}
