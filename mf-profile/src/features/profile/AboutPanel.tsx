import { formatJoinedDate, SkillChips } from '@devcircle/ui';
import type { ProfileView } from '../users/types';
import { GithubLink } from './GithubLink';
import styles from './AboutPanel.module.css';

/** The About tab: the whole bio, join date, every skill and the link. */
export function AboutPanel({ user }: { user: ProfileView }) {
  const skills = user.skills ?? [];
  return (
    <dl className={styles.about}>
      <div className={styles.row}>
        <dt className={styles.term}>Bio</dt>
        <dd className={styles.bio}>{user.bio || 'No bio yet.'}</dd>
      </div>
      <div className={styles.row}>
        <dt className={styles.term}>Joined</dt>
        <dd className={styles.value}>{formatJoinedDate(user.createdAt)}</dd>
      </div>
      <div className={styles.row}>
        <dt className={styles.term}>Skills</dt>
        <dd className={styles.value}>
          {skills.length > 0 ? <SkillChips skills={skills} label="All skills" /> : 'No skills listed.'}
        </dd>
      </div>
      {user.githubLink && (
        <div className={styles.row}>
          <dt className={styles.term}>GitHub</dt>
          <dd className={styles.value}>
            <GithubLink href={user.githubLink} />
          </dd>
        </div>
      )}
    </dl>
  );
}
