import { cx } from './cx';
import styles from './Spinner.module.css';
import { VisuallyHidden } from './VisuallyHidden';

export interface SpinnerProps {
  /** Read by screen readers (the spinner is a `role="status"`). Default "Loading". */
  label?: string;
  /** Diameter in px; default 28. */
  size?: number;
  className?: string;
}

/** An accessible busy indicator. */
export function Spinner({ label = 'Loading', size = 28, className }: SpinnerProps) {
  return (
    <span className={cx(styles.spinner, className)} role="status" style={{ width: size, height: size }}>
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}
