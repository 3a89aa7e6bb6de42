import { CircleCheck } from 'lucide-react';
import styles from './Form.module.css';

/** A form-level success message: announced politely to screen readers when it appears. */
export function Notice({ message }: { message: string }) {
  return (
    <div className={styles.notice} role="status">
      <CircleCheck size={18} aria-hidden="true" className={styles.bannerIcon} />
      <span>{message}</span>
    </div>
  );
}
