import { useState } from 'react';
import { Heart } from 'lucide-react';
import { cx } from '@devcircle/ui';
import styles from './ToggleButton.module.css';

export interface LikeButtonProps {
  liked: boolean;
  count: number;
  busy: boolean;
  onToggle(): void;
}

/** The like toggle with its count; a short pop when the post becomes liked (none under reduced motion). */
export function LikeButton({ liked, count, busy, onToggle }: LikeButtonProps) {
  // Bumped on every like so the animation restarts (a new key remounts the icon).
  const [pops, setPops] = useState(0);
  const handleClick = () => {
    if (!liked) setPops((value) => value + 1);
    onToggle();
  };
  return (
    <button
      type="button"
      className={cx(styles.toggle, liked && styles.liked)}
      aria-pressed={liked}
      aria-label={`Like, ${count} ${count === 1 ? 'like' : 'likes'}`}
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={handleClick}
    >
      <span key={pops} className={cx(styles.icon, pops > 0 && liked && styles.pop)} aria-hidden="true">
        <Heart size={18} fill={liked ? 'currentColor' : 'none'} />
      </span>
      <span className={styles.count}>{count}</span>
    </button>
  );
}
