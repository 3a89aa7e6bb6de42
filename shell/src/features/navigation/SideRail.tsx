import { NavLink } from 'react-router-dom';
import { Shield } from 'lucide-react';
import { ROUTES } from '@devcircle/contracts';
import type { SessionUser } from '@devcircle/sdk';
import { useIsModerator } from '../moderation/useIsModerator';
import { railItems } from './navItems';
import styles from './SideRail.module.css';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? `${styles.item} ${styles.active}` : styles.item;

/** The left vertical icon rail, shown from 768 px for signed-in users (§2 Navigation; why 768: SideRail.module.css). */
export function SideRail({ user }: { user: SessionUser }) {
  // Moderators also reach their inbox from here (issue 20).
  const moderator = useIsModerator(user.id);
  const items = railItems(user.username);
  if (moderator) items.push({ label: 'Moderation', to: ROUTES.moderation, icon: Shield });
  return (
    <aside className={styles.rail}>
      <nav aria-label="Sections" className={styles.nav}>
        {items.map(({ label, to, icon: Icon }) => (
          <NavLink key={label} to={to} className={itemClass}>
            <Icon size={22} aria-hidden="true" />
            <span className={styles.label}>{label}</span>
          </NavLink>
        ))}
      </nav>
    </aside>
  );
}
