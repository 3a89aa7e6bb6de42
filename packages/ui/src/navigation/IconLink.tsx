import type { ReactNode } from 'react';
import { cx } from '../components/cx';
import iconStyles from '../components/IconButton.module.css';
import { AppLink, type AppLinkProps } from './AppLink';

export interface IconLinkProps extends Omit<AppLinkProps, 'aria-label' | 'title' | 'children'> {
  /** The accessible name. */
  label: string;
  /** The tooltip; `label` when absent. */
  title?: string;
  /** The icon (decorative: give it `aria-hidden`). */
  children: ReactNode;
}

/** An app link holding only an icon, drawn as a ghost IconButton: at least 44 × 44 px, named by `label`. */
export function IconLink({ label, title, className, children, ...rest }: IconLinkProps) {
  return (
    <AppLink
      className={cx(iconStyles.iconButton, iconStyles.ghost, className)}
      aria-label={label}
      title={title ?? label}
      {...rest}
    >
      {children}
    </AppLink>
  );
}
