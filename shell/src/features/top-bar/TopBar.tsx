import { ROUTES } from '@devcircle/contracts';
import { useAuth } from '@devcircle/sdk/react';
import { Logo } from './Logo';
import { SignedInNav } from './SignedInNav';
import { SignedOutNav } from './SignedOutNav';
import styles from './TopBar.module.css';

/** The top bar on every width (UI.md Layout); its items depend on the auth state (§2 Navigation). */
export function TopBar() {
  const { authenticated, loading, user } = useAuth();
  return (
    <header className={styles.bar}>
      <div className={styles.inner}>
        <Logo to={authenticated ? ROUTES.feed : ROUTES.landing} />
        {!loading && (authenticated && user ? <SignedInNav user={user} /> : <SignedOutNav />)}
      </div>
    </header>
  );
}
