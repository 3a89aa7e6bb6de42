import { Card, Skeleton, VisuallyHidden } from '@devcircle/ui';
import styles from './EditProfileScreen.module.css';

/** The form's geometry while the profile loads: four labelled fields and the buttons. */
export function EditProfileSkeleton() {
  return (
    <Card padding="none" stack={false} className={styles.form} aria-busy="true">
      <VisuallyHidden role="status">Loading profile</VisuallyHidden>
      {[44, 120, 44, 44].map((height, index) => (
        <div key={index} className={styles.skeletonField} aria-hidden="true">
          <Skeleton width={120} height={14} />
          <Skeleton height={height} radius="var(--radius-md)" />
        </div>
      ))}
      <div className={styles.actions} aria-hidden="true">
        <Skeleton width={96} height={44} radius="var(--radius-md)" />
        <Skeleton width={140} height={44} radius="var(--radius-md)" />
      </div>
    </Card>
  );
}
