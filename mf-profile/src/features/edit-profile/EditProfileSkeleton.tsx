import type { ReactNode } from 'react';
import { Card, Skeleton, VisuallyHidden } from '@devcircle/ui';
import styles from './EditProfileScreen.module.css';
import skills from './SkillsEditor.module.css';

/** A five-row textarea: its lines, its padding and its border. */
const TEXTAREA_HEIGHT =
  'calc(5 * var(--text-md) * var(--leading-normal) + 2 * var(--space-3) + 2 * var(--border-width))';

const control = (height = 'var(--tap-target)') => <Skeleton height={height} radius="var(--radius-md)" />;

/** A field's label line (as tall as the label's text) and its control. */
function FieldSkeleton({ labelWidth, children }: { labelWidth: number; children: ReactNode }) {
  return (
    <div className={styles.skeletonField} aria-hidden="true">
      <span className={styles.skeletonLabel}>
        <Skeleton width={labelWidth} height="0.875em" />
      </span>
      {children}
    </div>
  );
}

/**
 * The form's geometry while the profile loads: Display Name, Bio (five rows and its counter), Skills (the input
 * with Add, and its hint), GitHub Profile URL, and the two buttons — as tall as the form with no skills listed.
 */
export function EditProfileSkeleton() {
  return (
    <Card padding="none" stack={false} className={styles.form} aria-busy="true">
      <VisuallyHidden role="status">Loading profile</VisuallyHidden>
      <FieldSkeleton labelWidth={92}>{control()}</FieldSkeleton>
      <FieldSkeleton labelWidth={24}>
        {control(TEXTAREA_HEIGHT)}
        <span className={styles.skeletonCounter}>
          <Skeleton width={48} height="0.75em" />
        </span>
      </FieldSkeleton>
      <div className={skills.editor} aria-hidden="true">
        <div className={skills.row}>
          <div className={skills.field}>
            <FieldSkeleton labelWidth={40}>{control()}</FieldSkeleton>
          </div>
          <Skeleton width={99} height="var(--tap-target)" radius="var(--radius-md)" />
        </div>
        <span className={`${skills.hint} ${styles.skeletonLabel}`}>
          <Skeleton width="70%" height="0.875em" />
        </span>
      </div>
      <FieldSkeleton labelWidth={124}>{control()}</FieldSkeleton>
      <div className={styles.actions} aria-hidden="true">
        <Skeleton width={96} height="var(--tap-target)" radius="var(--radius-md)" />
        <Skeleton width={153} height="var(--tap-target)" radius="var(--radius-md)" />
      </div>
    </Card>
  );
}
