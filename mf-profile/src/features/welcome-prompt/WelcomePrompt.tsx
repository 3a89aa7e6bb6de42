import { useId, useState } from 'react';
import { Sparkles } from 'lucide-react';
import { ROUTES } from '@devcircle/contracts';
import { AppLink, Button, buttonClassName } from '@devcircle/ui';
import type { ProfileView } from '../users/types';
import { profileCompletion } from './completion';
import { dismissWelcome, isWelcomeDismissed } from './welcomeFlag';
import styles from './WelcomePrompt.module.css';

/**
 * The owner's welcome card while the profile is incomplete and not dismissed for this user id: the Profile
 * Completion bar, 'Update Profile' (to /edit-profile) and 'Maybe Later' (remembers the dismissal locally).
 */
export function WelcomePrompt({ user }: { user: ProfileView }) {
  const [dismissed, setDismissed] = useState(() => isWelcomeDismissed(user._id));
  const titleId = useId();
  const barLabelId = useId();
  if (user.profileCompleted || dismissed) return null;
  const percent = profileCompletion(user);

  const later = () => {
    dismissWelcome(user._id);
    setDismissed(true);
  };

  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <div className={styles.intro}>
        <Sparkles size={20} aria-hidden="true" className={styles.icon} />
        <div>
          <h2 id={titleId} className={styles.title}>
            Welcome to DevCircle!
          </h2>
          <p className={styles.text}>
            Add a bio, your skills and your GitHub profile so other developers can get to know you.
          </p>
        </div>
      </div>
      <div className={styles.progressRow}>
        <span id={barLabelId} className={styles.barLabel}>
          Profile Completion
        </span>
        <span className={styles.percent} aria-hidden="true">
          {percent}%
        </span>
      </div>
      <div
        className={styles.track}
        role="progressbar"
        aria-labelledby={barLabelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
      >
        <div className={styles.fill} style={{ width: `${percent}%` }} />
      </div>
      <div className={styles.actions}>
        <AppLink to={ROUTES.editProfile} className={buttonClassName({ size: 'sm' })}>
          Update Profile
        </AppLink>
        <Button variant="ghost" size="sm" onClick={later}>
          Maybe Later
        </Button>
      </div>
    </section>
  );
}
