import { LogOut } from 'lucide-react';
import { useSdk } from '@devcircle/sdk/react';
import { AuthCard } from '../../components/AuthCard';
import form from '../../components/Form.module.css';
import styles from './LogoutConfirmScreen.module.css';

/** /logout-confirm (§2): Cancel goes back; Logout signs out, then goes to /login. */
export function LogoutConfirmScreen() {
  const sdk = useSdk();
  const logout = () => {
    sdk.auth.logout();
    sdk.navigation.navigate('/login', { replace: true });
  };
  return (
    <AuthCard title="Logout from DevCircle?" subtitle="You can sign back in at any time.">
      <div className={styles.actions}>
        <button type="button" className={styles.cancel} onClick={() => window.history.back()}>
          Cancel
        </button>
        <button type="button" className={`${form.submit} ${styles.logout}`} onClick={logout}>
          <LogOut size={16} aria-hidden="true" />
          Logout
        </button>
      </div>
    </AuthCard>
  );
}
