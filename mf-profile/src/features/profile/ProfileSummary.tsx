import { useId } from 'react';
import { SkillChips } from '@devcircle/ui';
import type { ProfileView } from '../users/types';
import { BioText } from './BioText';
import { GithubLink } from './GithubLink';
import styles from './ProfileSummary.module.css';

/** How many skills the header shows before '+N more' (product-spec §9). */
const HEADER_SKILL_COUNT = 5;

/** Under the header: About (bio), Skills (first 5, '+N more') and the code-hosting link, each when set. */
export function ProfileSummary({ user }: { user: ProfileView }) {
  const skills = user.skills ?? [];
  const aboutId = useId();
  const skillsId = useId();
  if (!user.bio && skills.length === 0 && !user.githubLink) return null;
  return (
    <div className={styles.summary}>
      {user.bio && (
        <section aria-labelledby={aboutId} className={styles.section}>
          <h2 id={aboutId} className={styles.heading}>
            About
          </h2>
          <BioText bio={user.bio} />
        </section>
      )}
      {skills.length > 0 && (
        <section aria-labelledby={skillsId} className={styles.section}>
          <h2 id={skillsId} className={styles.heading}>
            Skills
          </h2>
          <SkillChips skills={skills} max={HEADER_SKILL_COUNT} label="Skills" />
        </section>
      )}
      {user.githubLink && <GithubLink href={user.githubLink} />}
    </div>
  );
}
