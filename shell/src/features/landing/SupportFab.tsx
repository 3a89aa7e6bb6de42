import { LifeBuoy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ROUTES } from '@devcircle/contracts';
import styles from './SupportFab.module.css';

/** The page must be scrolled further than this before the mobile Support button appears (§9). */
export const SUPPORT_SCROLL_THRESHOLD = 40;

/** The floating Support button on phones (< 768 px, CSS), once the landing page is scrolled more than 40 px. */
export function SupportFab() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const update = () => setShown(window.scrollY > SUPPORT_SCROLL_THRESHOLD);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  if (!shown) return null;
  return (
    <Link to={ROUTES.support} className={styles.fab}>
      <LifeBuoy size={20} aria-hidden="true" />
      Support
    </Link>
  );
}
