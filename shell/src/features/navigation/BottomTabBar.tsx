import { NavLink, useLocation } from 'react-router-dom';
import { ROUTES } from '@devcircle/contracts';
import type { SessionUser } from '@devcircle/sdk';
import { Avatar } from '@devcircle/ui';
import { TAB_ITEMS } from './navItems';
import styles from './BottomTabBar.module.css';

const tabClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? `${styles.tab} ${styles.active}` : styles.tab;

/**
 * The member's own pages the profile tab stands for besides the profile: no sixth tab (§2 has five), so on a
 * phone Bookmarks is reached from the profile (and the avatar menu), and the profile tab shows where one is.
 */
const PROFILE_AREA: readonly string[] = [ROUTES.bookmarks];

/** The bottom 5-tab bar below 768 px for signed-in users; the profile tab shows the user's initial (§2). */
export function BottomTabBar({ user }: { user: SessionUser }) {
  const name = user.displayName || user.username;
  const { pathname } = useLocation();
  const inProfileArea = PROFILE_AREA.includes(pathname.replace(/\/+$/, ''));
  return (
    <nav aria-label="Tabs" className={styles.bar}>
      {TAB_ITEMS.map(({ label, to, icon: Icon }) => (
        <NavLink key={label} to={to} className={tabClass}>
          <Icon size={22} aria-hidden="true" />
          <span className={styles.label}>{label}</span>
        </NavLink>
      ))}
      <NavLink
        to={ROUTES.profile(user.username)}
        className={({ isActive }) => tabClass({ isActive: isActive || inProfileArea })}
      >
        <span className={styles.avatar}>
          <Avatar name={name} colorKey={user.id} size="sm" />
        </span>
        <span className={styles.label}>Profile</span>
      </NavLink>
    </nav>
  );
}
