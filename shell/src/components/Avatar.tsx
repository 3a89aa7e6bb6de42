import styles from './Avatar.module.css';

const AVATAR_COLOURS = 16;

/** The same name always gets the same of the 16 avatar colours (a small string hash). */
export function avatarColour(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return `var(--avatar-${(Math.abs(hash) % AVATAR_COLOURS) + 1})`;
}

/** Initial on the user's colour; decorative, so the surrounding link or button carries the name. */
export function Avatar({ name, size = 32 }: { name: string; size?: number }) {
  return (
    <span
      className={styles.avatar}
      aria-hidden="true"
      style={{ width: size, height: size, background: avatarColour(name), fontSize: size * 0.45 }}
    >
      {name.charAt(0).toUpperCase() || '?'}
    </span>
  );
}
