import { LogOut } from 'lucide-react';
import { ROUTES } from '@devcircle/contracts';
import { useSdk } from '@devcircle/sdk/react';
import { Button } from '@devcircle/ui';
import { AuthCard } from '../../components/AuthCard';
import styles from './LogoutConfirmScreen.module.css';

/** /logout-confirm (§2): Cancel goes back; Logout signs out, then goes to /login. */
export function LogoutConfirmScreen() {
  const sdk = useSdk();
  const logout = () => {
    sdk.auth.logout();
    sdk.navigation.navigate(ROUTES.login, { replace: true });
  };
  return (
    <AuthCard title="Logout from DevCircle?" subtitle="You can sign back in at any time.">
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => window.history.back()}>
          Cancel
        </Button>
        <Button variant="danger" icon={<LogOut size={16} aria-hidden="true" />} onClick={logout}>
          Logout
        </Button>
      </div>
    </AuthCard>
  );
}
