import { cx } from './cx';
import styles from './Skeleton.module.css';

export interface SkeletonProps {
  /** A CSS length, or px as a number. Default 100%. */
  width?: number | string;
  /** A CSS length, or px as a number. Default 1em (a line of text). */
  height?: number | string;
  /** A CSS length, or px as a number. Default var(--radius-sm). */
  radius?: number | string;
  className?: string;
}

/** A placeholder block with the geometry of what is loading; a soft shimmer unless motion is reduced. */
export function Skeleton({ width, height, radius, className }: SkeletonProps) {
  return (
    <span
      className={cx(styles.skeleton, className)}
      aria-hidden="true"
      style={{ width, height, borderRadius: radius }}
    />
  );
}
