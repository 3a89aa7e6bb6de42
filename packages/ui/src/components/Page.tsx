import type { ReactNode } from 'react';
import { cx } from './cx';
import styles from './Page.module.css';

export interface PageProps {
  /** `reading` (default): the reading column (--reading-width); `wide`: the page width (--page-width). */
  width?: 'reading' | 'wide';
  /** Layout inside the column (flex, gap); the column's own width and padding are Page's. */
  className?: string;
  children?: ReactNode;
}

/**
 * A screen's centred column. A `<div>`: the shell already renders the one `<main>` landmark around every route,
 * so a screen never adds another.
 */
export function Page({ width = 'reading', className, children }: PageProps) {
  return <div className={cx(styles.page, styles[width], className)}>{children}</div>;
}
