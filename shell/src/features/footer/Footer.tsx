import { Link, useLocation } from 'react-router-dom';
import { ROUTES } from '@devcircle/contracts';
import { useAuth } from '@devcircle/sdk/react';
import { ReportBugButton } from '../bug-report/ReportBugButton';
import styles from './Footer.module.css';

/** Signed-out pages that have their own closing section instead of the footer (§2 Navigation). */
const NO_FOOTER_SIGNED_OUT = new Set<string>([ROUTES.landing, ROUTES.support, ROUTES.features]);

/** Whether the footer shows on `pathname` for this auth state. */
export function footerVisible(pathname: string, authenticated: boolean): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return authenticated || !NO_FOOTER_SIGNED_OUT.has(path);
}

/** Explore, Help, Privacy, Terms and the Report link; hidden on /, /support and /features when signed out. */
export function Footer() {
  const { loading, authenticated } = useAuth();
  const { pathname } = useLocation();
  if (loading || !footerVisible(pathname, authenticated)) return null;
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p className={styles.brand}>© {new Date().getFullYear()} DevCircle</p>
        <nav aria-label="Footer" className={styles.links}>
          <Link to={ROUTES.explore} className={styles.link}>
            Explore
          </Link>
          <Link to={ROUTES.support} className={styles.link}>
            Help
          </Link>
          <Link to={ROUTES.privacy} className={styles.link}>
            Privacy
          </Link>
          <Link to={ROUTES.terms} className={styles.link}>
            Terms
          </Link>
          <ReportBugButton className={styles.link} />
        </nav>
      </div>
    </footer>
  );
}
