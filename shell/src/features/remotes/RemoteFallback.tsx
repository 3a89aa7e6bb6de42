import { RefreshCw, TriangleAlert } from 'lucide-react';
import { Button, EmptyState } from '@devcircle/ui';
import styles from './RemoteFallback.module.css';

/** Shown in a remote's own area when it could not be loaded or crashed; Retry reloads only that remote. */
export function RemoteFallback({ onRetry }: { onRetry: () => void }) {
  return (
    <EmptyState
      className={styles.fallback}
      role="alert"
      tone="warning"
      icon={<TriangleAlert size={22} />}
      title="This part of DevCircle didn't load."
      message="The rest of the app still works. Check your connection and try again."
      action={
        <Button icon={<RefreshCw size={16} aria-hidden="true" />} onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}
