import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './cx';
import styles from './IconButton.module.css';

export interface IconButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'aria-label' | 'title'> {
  /** The accessible name, also shown as the tooltip. */
  label: string;
  variant?: 'ghost' | 'danger';
  /** The icon (decorative: give it `aria-hidden`). */
  children: ReactNode;
}

/** A square button holding only an icon: at least 44 × 44 px, named by `label`. */
export function IconButton({
  label,
  variant = 'ghost',
  className,
  type = 'button',
  children,
  ...rest
}: IconButtonProps) {
  return (
    <button
      type={type}
      className={cx(styles.iconButton, styles[variant], className)}
      aria-label={label}
      title={label}
      {...rest}
    >
      {children}
    </button>
  );
}
