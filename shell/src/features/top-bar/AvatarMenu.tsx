import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ROUTES } from '@devcircle/contracts';
import type { SessionUser } from '@devcircle/sdk';
import { Avatar } from '@devcircle/ui';
import { useIsModerator } from '../moderation/useIsModerator';
import styles from './TopBar.module.css';

/** How far the page must scroll while the menu is open before it closes. */
const SCROLL_CLOSE_PX = 10;

/**
 * Desktop: the avatar links to the profile. Mobile: it opens a menu with View Profile, Bookmarks (issue 19),
 * Moderation for moderators (issue 20), Settings and Logout, which closes on an outside click, on scroll and on Escape (§2 Navigation).
 */
export function AvatarMenu({ user }: { user: SessionUser }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const name = user.displayName || user.username;
  const profilePath = ROUTES.profile(user.username);
  const moderator = useIsModerator(user.id);

  useEffect(() => {
    if (!open) return;
    const close = () => setOpen(false);
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close();
    // The reader scrolling closes it; the page nudging itself a few pixels (content loading above the fold,
    // scroll anchoring, restoration after a reload) does not.
    const openedAt = window.scrollY;
    const onScroll = () => {
      if (Math.abs(window.scrollY - openedAt) > SCROLL_CLOSE_PX) close();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', onScroll);
    };
  }, [open]);

  return (
    <div className={styles.avatarMenu} ref={rootRef}>
      <Link
        to={profilePath}
        className={`${styles.avatarLink} ${styles.desktopOnly}`}
        aria-label={`Your profile (${name})`}
      >
        <Avatar name={name} colorKey={user.id} />
      </Link>
      <button
        type="button"
        className={`${styles.avatarLink} ${styles.mobileOnly}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label="Account menu"
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar name={name} colorKey={user.id} />
      </button>
      {open && (
        <div className={styles.menu} role="menu">
          <p className={styles.menuHeader}>
            <span className={styles.menuName}>{name}</span>
            <span className={styles.menuHandle}>@{user.username}</span>
          </p>
          <Link role="menuitem" to={profilePath} className={styles.menuItem} onClick={() => setOpen(false)}>
            View Profile
          </Link>
          <Link
            role="menuitem"
            to={ROUTES.bookmarks}
            className={styles.menuItem}
            onClick={() => setOpen(false)}
          >
            Bookmarks
          </Link>
          {moderator && (
            <Link
              role="menuitem"
              to={ROUTES.moderation}
              className={styles.menuItem}
              onClick={() => setOpen(false)}
            >
              Moderation
            </Link>
          )}
          <Link
            role="menuitem"
            to={ROUTES.settings}
            className={styles.menuItem}
            onClick={() => setOpen(false)}
          >
            Settings
          </Link>
          <Link
            role="menuitem"
            to={ROUTES.logoutConfirm}
            className={styles.menuItem}
            onClick={() => setOpen(false)}
          >
            Logout
          </Link>
        </div>
      )}
    </div>
  );
}
