import type { ReactNode } from 'react';
import { ROUTES, type PostStats } from '@devcircle/contracts';
import { AppLink } from '@devcircle/ui';
import type { ProfileView } from '../users/types';
import styles from './ProfileMetrics.module.css';

export interface ProfileMetricsProps {
  user: ProfileView;
  stats: PostStats;
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
          <AppLink to={ROUTES.followers(user.username)} className={styles.metric}>
            <Metric value={user.followersCount ?? 0} label="Followers" />
          </AppLink>
        </li>
        <li>
          <AppLink to={ROUTES.following(user.username)} className={styles.metric}>
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
