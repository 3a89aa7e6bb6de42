import { COMMENTS_STEP } from './commentList';
import { Skeleton, VisuallyHidden } from '@devcircle/ui';
import styles from './CommentsPlaceholder.module.css';
import sectionStyles from './CommentsSection.module.css';

/**
 * The comments section's shape while its code loads: up to three comments (avatar, name line, one text line),
 * 'View N more comments' when there are more, 'Add a comment'; 'No comments yet…' when there are none.
 */
export function CommentsPlaceholder({ count }: { count: number }) {
  const rows = Math.min(count, COMMENTS_STEP);
  return (
    <div className={sectionStyles.section} aria-busy="true">
      <VisuallyHidden role="status">Loading comments</VisuallyHidden>
      {count === 0 ? (
        <div className={styles.textLine} aria-hidden="true">
          <Skeleton width="70%" height="0.875em" />
        </div>
      ) : (
        <div className={sectionStyles.list} aria-hidden="true">
          {Array.from({ length: rows }, (_, index) => (
            <div key={index} className={styles.comment}>
              <Skeleton width={24} height={24} radius="var(--radius-full)" />
              <div className={styles.body}>
                <div className={styles.header}>
                  <Skeleton width="30%" height="0.875em" />
                </div>
                <div className={styles.textLine}>
                  <Skeleton width={index % 2 ? '55%' : '85%'} height="0.875em" />
                </div>
              </div>
            </div>
          ))}
        </div>
      )}
      {count > COMMENTS_STEP && <Skeleton width="12em" className={styles.button} radius="var(--radius-md)" />}
      <Skeleton width="10em" className={styles.button} radius="var(--radius-md)" />
    </div>
  );
}
