import { Bell, Compass, House, LogOut } from 'lucide-react';
import { NavLink } from 'react-router-dom';
import { ROUTES } from '@devcircle/contracts';
import type { SessionUser } from '@devcircle/sdk';
import { useUnread } from '@devcircle/sdk/react';
import { AvatarMenu } from './AvatarMenu';
import styles from './TopBar.module.css';

const navClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? `${styles.navLink} ${styles.active}` : styles.navLink;

/** Home, Explore, Notifications (red dot when anything is unread), the avatar and Logout (§2 Navigation). */
export function SignedInNav({ user }: { user: SessionUser }) {
  const unread = useUnread();
  return (
    <nav className={styles.nav} aria-label="Main">
      <NavLink to={ROUTES.feed} className={navClass} aria-label="Home">
        <House size={18} aria-hidden="true" />
        <span className={styles.label}>Home</span>
      </NavLink>
      <NavLink to={ROUTES.explore} className={navClass} aria-label="Explore">
        <Compass size={18} aria-hidden="true" />
        <span className={styles.label}>Explore</span>
      </NavLink>
      <NavLink
        to={ROUTES.notifications}
        className={navClass}
        aria-label={unread ? 'Notifications (unread)' : 'Notifications'}
      >
        <span className={styles.iconWithDot}>
          <Bell size={18} aria-hidden="true" />
          {unread && <span className={styles.dot} data-testid="unread-dot" />}
        </span>
        <span className={styles.label}>Notifications</span>
      </NavLink>
      <AvatarMenu user={user} />
      <NavLink to={ROUTES.logoutConfirm} className={`${styles.navLink} ${styles.desktopOnly}`}>
        <LogOut size={18} aria-hidden="true" />
        <span className={styles.label}>Logout</span>
      </NavLink>
    </nav>
  );
}
