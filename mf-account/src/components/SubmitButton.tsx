import type { ReactNode } from 'react';
import styles from './Form.module.css';

/** The form's main action; while busy it shows `busyLabel` and cannot be pressed twice. */
export function SubmitButton({
  busy,
  busyLabel,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" className={styles.submit} disabled={busy} aria-busy={busy}>
      {busy && <span className={styles.submitSpinner} aria-hidden="true" />}
      {busy ? busyLabel : children}
    </button>
  );
}
