import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from './cx';
import styles from './Card.module.css';

/** md: space-4 all round; lg: space-4 on phones, space-5 × space-6 from 768 px; none: the content pads itself. */
export type CardPadding = 'none' | 'md' | 'lg';

export interface CardStyleOptions {
  /** Default `md`. */
  padding?: CardPadding;
  /** A column with space-3 between its parts (default); `false` leaves the layout to the caller. */
  stack?: boolean;
}

/** The card's classes, for an element `Card` cannot render (a form, a list): surface, border, radius, padding. */
export function cardClassName({ padding = 'md', stack = true }: CardStyleOptions = {}): string {
  return cx(styles.card, stack && styles.stack, padding !== 'none' && styles[padding]);
}

export interface CardProps extends CardStyleOptions, HTMLAttributes<HTMLElement> {
  /** The element; `div` by default. An `article` needs an accessible name (aria-label or aria-labelledby). */
  as?: 'article' | 'section' | 'div' | 'li';
  children?: ReactNode;
}

/** A bordered, rounded, padded surface on the page background. Layout beyond the column is the caller's class. */
export function Card({ as: Element = 'div', padding, stack, className, ...rest }: CardProps) {
  return <Element className={cx(cardClassName({ padding, stack }), className)} {...rest} />;
}
