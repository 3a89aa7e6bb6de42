import type { ReactNode } from 'react';
import { cx } from './cx';
import styles from './EmptyState.module.css';

export interface EmptyStateProps {
  /** A decorative icon in a round badge. */
  icon?: ReactNode;
  title: ReactNode;
  message?: ReactNode;
  /** The one clear way forward (a Button or a link styled with buttonClassName). */
  action?: ReactNode;
  /** `warning` for "this did not load" states. Default `neutral`. */
  tone?: 'neutral' | 'warning';
  /** e.g. "alert" when the state replaces something that failed. */
  role?: 'alert' | 'status';
  className?: string;
}

/** Nothing to show (or it did not load): an icon, a short line, a hint and one action, centred. */
export function EmptyState({
  icon,
  title,
  message,
  action,
  tone = 'neutral',
  role,
  className,
}: EmptyStateProps) {
  return (
    <div className={cx(styles.empty, className)} role={role}>
      {icon !== undefined && (
        <span className={cx(styles.icon, styles[tone])} aria-hidden="true">
          {icon}
        </span>
      )}
      <p className={styles.title}>{title}</p>
      {message !== undefined && <p className={styles.message}>{message}</p>}
      {action !== undefined && <div className={styles.action}>{action}</div>}
    </div>
  );
}
