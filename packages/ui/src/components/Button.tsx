import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './cx';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
/** `sm` for dense bars (still 44 px tall on phones), `md` the default, `lg` for landing-page calls to action. */
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonStyleOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

/** The classes of a button, for an `<a>` (or router Link) that should look like one. */
export function buttonClassName({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
}: ButtonStyleOptions = {}) {
  return cx(styles.button, styles[variant], styles[size], fullWidth && styles.fullWidth);
}

export interface ButtonProps extends ComponentPropsWithRef<'button'>, ButtonStyleOptions {
  /** Working: the button is disabled, says so (`aria-busy`) and shows a spinner instead of `icon`. */
  busy?: boolean;
  /** A leading icon (decorative: give it `aria-hidden`). */
  icon?: ReactNode;
}

/** DevCircle's button. `type` defaults to "button", so it never submits a form by accident. */
export function Button({
  variant,
  size,
  fullWidth,
  busy = false,
  icon,
  className,
  disabled,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(buttonClassName({ variant, size, fullWidth }), className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <span className={styles.spinner} aria-hidden="true" /> : icon}
      {children}
    </button>
  );
}
