import { Link, NavLink } from 'react-router-dom';
import { buttonClassName } from '@devcircle/ui';
import styles from './TopBar.module.css';

const navClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? `${styles.navLink} ${styles.active}` : styles.navLink;

export function SignedOutNav() {
  return (
    <nav className={styles.nav} aria-label="Main">
      <NavLink to="/features" className={navClass}>
        Features
      </NavLink>
      <NavLink to="/support" className={navClass}>
        Support
      </NavLink>
      <NavLink to="/login" className={navClass}>
        Sign In
      </NavLink>
      <Link to="/register" className={`${buttonClassName({ size: 'sm' })} ${styles.register}`}>
        Register
      </Link>
    </nav>
  );
}
