import { useLayoutEffect, useRef, type ReactNode } from 'react';
import styles from './AuthCard.module.css';

/** The centred card every account screen sits in: a title, a subtitle, the form, and a footer line. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
  focusTitle = false,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
  /**
   * Moves focus to the title when the card appears: for a card that replaces the one the person was working in
   * (the control they used is gone), so keyboard and screen-reader users start reading at the new title.
   */
  focusTitle?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Before the card is painted, so focus never shows on the page it replaces.
  useLayoutEffect(() => {
    if (focusTitle) heading.current?.focus();
  }, [focusTitle]);
  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <header className={styles.header}>
          <h1 ref={heading} className={styles.title} tabIndex={focusTitle ? -1 : undefined}>
            {title}
          </h1>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        </header>
        {children}
      </div>
      {footer && <p className={styles.footer}>{footer}</p>}
    </div>
  );
}
