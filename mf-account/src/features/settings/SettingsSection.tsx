import { useId, type ReactNode } from 'react';
import { cx } from '@devcircle/ui';
import styles from './SettingsSection.module.css';

interface SettingsSectionProps {
  title: string;
  description?: ReactNode;
  /** `danger`: the danger zone's red-edged card. */
  tone?: 'default' | 'danger';
  children: ReactNode;
}

/** One settings card: a heading, a line on what it does, its controls; a landmark named by its heading. */
export function SettingsSection({ title, description, tone = 'default', children }: SettingsSectionProps) {
  const headingId = useId();
  return (
    <section className={cx(styles.section, tone === 'danger' && styles.danger)} aria-labelledby={headingId}>
      <header className={styles.header}>
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        {description && <p className={styles.description}>{description}</p>}
      </header>
      {children}
    </section>
  );
}
