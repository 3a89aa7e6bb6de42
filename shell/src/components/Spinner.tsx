import styles from './Spinner.module.css';

/** An accessible busy indicator; `label` is read by screen readers. */
export function Spinner({ label = 'Loading', size = 28 }: { label?: string; size?: number }) {
  return (
    <span className={styles.spinner} role="status" style={{ width: size, height: size }}>
      <span className={styles.visuallyHidden}>{label}</span>
    </span>
  );
}
