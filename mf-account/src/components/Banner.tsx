import { CircleAlert } from 'lucide-react';
import styles from './Form.module.css';

/** The form-level error (a server message): announced to screen readers as soon as it appears. */
export function Banner({ message }: { message: string }) {
  return (
    <div className={styles.banner} role="alert">
      <CircleAlert size={18} aria-hidden="true" className={styles.bannerIcon} />
      <span>{message}</span>
    </div>
  );
}
