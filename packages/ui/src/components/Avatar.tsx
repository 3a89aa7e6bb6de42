import { cx } from './cx';
import styles from './Avatar.module.css';

/** How many avatar colours the tokens define (`--avatar-1` … `--avatar-16`). */
export const AVATAR_COLOR_COUNT = 16;

/** A stable index 0–15 for a string (a small 31-multiplier hash): the same key always gets the same colour. */
export function avatarColorIndex(key: string): number {
  let hash = 0;
  for (const char of key) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return Math.abs(hash) % AVATAR_COLOR_COUNT;
}

/** The CSS colour for a key: `var(--avatar-N)`, N = avatarColorIndex(key) + 1. */
export function avatarColor(key: string): string {
  return `var(--avatar-${avatarColorIndex(key) + 1})`;
}

export type AvatarSize = 'sm' | 'md' | 'lg' | 'xl';

export interface AvatarProps {
  name: string;
  /** What picks the colour (e.g. the username, which never changes); defaults to `name`. */
  colorKey?: string;
  /** sm 24 px, md 32 px (default), lg 40 px, xl 64 px. */
  size?: AvatarSize;
  className?: string;
}

/** The first letter, uppercased, of the name (a whole character, emoji too), or "?" for an empty name. */
export function avatarInitial(name: string): string {
  const first = Array.from(name.trim())[0];
  return first ? first.toUpperCase() : '?';
}

/** The initial on the user's colour. Decorative (`aria-hidden`): the surrounding link or button carries the name. */
export function Avatar({ name, colorKey, size = 'md', className }: AvatarProps) {
  return (
    <span
      className={cx(styles.avatar, styles[size], className)}
      aria-hidden="true"
      style={{ background: avatarColor(colorKey ?? name) }}
    >
      {avatarInitial(name)}
    </span>
  );
}
