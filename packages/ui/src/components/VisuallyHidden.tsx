import type { HTMLAttributes } from 'react';
import styles from './VisuallyHidden.module.css';

/** Text for screen readers only: kept in the accessibility tree, taking no space on screen. */
export function VisuallyHidden({ className, ...rest }: HTMLAttributes<HTMLSpanElement>) {
  return (
    <span className={className ? `${styles.visuallyHidden} ${className}` : styles.visuallyHidden} {...rest} />
  );
}
