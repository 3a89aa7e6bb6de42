import { RefreshCw, TriangleAlert } from 'lucide-react';
import styles from './RemoteFallback.module.css';

/** Shown in a remote's own area when it could not be loaded or crashed; Retry reloads only that remote. */
export function RemoteFallback({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={styles.fallback} role="alert">
      <span className={styles.icon} aria-hidden="true">
        <TriangleAlert size={22} />
      </span>
      <p className={styles.title}>This part of DevCircle didn&apos;t load.</p>
      <p className={styles.hint}>The rest of the app still works. Check your connection and try again.</p>
      <button type="button" className={styles.retry} onClick={onRetry}>
        <RefreshCw size={16} aria-hidden="true" />
        Retry
      </button>
    </div>
  );
}
