import { Spinner } from '@devcircle/ui';
import styles from './RemoteLoading.module.css';

/** While a remote loads: a quiet spinner in its area (the skeletons belong to the remotes themselves). */
export function RemoteLoading() {
  return (
    <div className={styles.loading}>
      <Spinner label="Loading" />
    </div>
  );
}
