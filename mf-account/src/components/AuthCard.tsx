import type { ReactNode } from 'react';
import styles from './AuthCard.module.css';

/** The centred card every account screen sits in: a title, a subtitle, the form, and a footer line. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <header className={styles.header}>
          <h1 className={styles.title}>{title}</h1>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        </header>
        {children}
      </div>
      {footer && <p className={styles.footer}>{footer}</p>}
    </div>
  );
}
