import type { ReactNode } from 'react';
import { cx } from './cx';
import styles from './Field.module.css';

export interface FieldErrorProps {
  id?: string;
  children: ReactNode;
  /** Also announce it at once (`role="alert"`); by default it is read through the field's aria-describedby. */
  announce?: boolean;
  className?: string;
}

/** The error line under a field. */
export function FieldError({ id, children, announce = false, className }: FieldErrorProps) {
  return (
    <p id={id} className={cx(styles.error, className)} role={announce ? 'alert' : undefined}>
      {children}
    </p>
  );
}
