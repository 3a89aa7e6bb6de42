import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from './cx';
import styles from './Alert.module.css';

export type AlertTone = 'danger' | 'success' | 'info' | 'warning';

export interface AlertProps {
  tone: AlertTone;
  children: ReactNode;
  /**
   * How it is announced: by default `alert` (at once) for danger and warning, `status` (politely) for success
   * and info. `none` renders no role, for a message placed inside a live region that is already there.
   */
  role?: 'alert' | 'status' | 'none';
  className?: string;
}

const ICONS = { danger: CircleAlert, success: CircleCheck, info: Info, warning: TriangleAlert };

/** A form- or page-level message with its tone's icon: a server error, a success, a notice. */
export function Alert({ tone, children, role, className }: AlertProps) {
  const Icon = ICONS[tone];
  const resolvedRole = role ?? (tone === 'danger' || tone === 'warning' ? 'alert' : 'status');
  return (
    <div
      className={cx(styles.alert, styles[tone], className)}
      role={resolvedRole === 'none' ? undefined : resolvedRole}
    >
      <Icon size={18} aria-hidden="true" className={styles.icon} />
      <span>{children}</span>
    </div>
  );
}
