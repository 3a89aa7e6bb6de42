import { Link, NavLink } from 'react-router-dom';
import { ROUTES } from '@devcircle/contracts';
import { buttonClassName } from '@devcircle/ui';
import styles from './TopBar.module.css';

const navClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? `${styles.navLink} ${styles.active}` : styles.navLink;

export function SignedOutNav() {
  return (
    <nav className={styles.nav} aria-label="Main">
      <NavLink to={ROUTES.features} className={navClass}>
        Features
      </NavLink>
      <NavLink to={ROUTES.support} className={navClass}>
        Support
      </NavLink>
      <NavLink to={ROUTES.login} className={navClass}>
        Sign In
      </NavLink>
      <Link to={ROUTES.register} className={`${buttonClassName({ size: 'sm' })} ${styles.register}`}>
        Register
      </Link>
    </nav>
  );
}
