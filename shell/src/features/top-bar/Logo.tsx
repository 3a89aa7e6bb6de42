import { Link } from 'react-router-dom';
import styles from './TopBar.module.css';

/** The brand; goes to /feed when signed in and to / otherwise (§2 Navigation). */
export function Logo({ to }: { to: string }) {
  return (
    <Link to={to} className={styles.logo} aria-label="DevCircle home">
      <span className={styles.logoMark} aria-hidden="true">
        {'</>'}
      </span>
      <span className={styles.logoText}>DevCircle</span>
    </Link>
  );
}
