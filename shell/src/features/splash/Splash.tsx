import { useEffect, useState } from 'react';
import styles from './Splash.module.css';

/** How long the splash stays at start (§2, §9). */
export const SPLASH_MS = 2000;

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** 'welcome to' plus the brand for 2 s at start; with reduced motion it still shows, without animation. */
export function Splash() {
  const [visible, setVisible] = useState(true);
  const [reduced] = useState(prefersReducedMotion);

  useEffect(() => {
    const timer = setTimeout(() => setVisible(false), SPLASH_MS);
    return () => clearTimeout(timer);
  }, []);

  if (!visible) return null;
  return (
    <div
      className={styles.splash}
      role="status"
      aria-label="welcome to DevCircle"
      data-testid="splash"
      data-motion={reduced ? 'reduced' : 'full'}
    >
      <div className={styles.content}>
        <p className={styles.welcome}>welcome to</p>
        <p className={styles.brand}>
          <span className={styles.mark} aria-hidden="true">
            {'</>'}
          </span>
          DevCircle
        </p>
      </div>
    </div>
  );
}
