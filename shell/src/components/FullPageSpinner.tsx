import { Spinner } from '@devcircle/ui';
import styles from './FullPageSpinner.module.css';

/** While auth state loads (§2): nothing route-specific is shown until we know who the user is. */
export function FullPageSpinner() {
  return (
    <div className={styles.page}>
      <Spinner label="Loading DevCircle" size={32} />
    </div>
  );
}
