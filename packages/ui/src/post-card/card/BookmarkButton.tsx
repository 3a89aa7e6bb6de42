import { Bookmark } from 'lucide-react';
import { cx } from '@devcircle/ui';
import styles from './ToggleButton.module.css';

export interface BookmarkButtonProps {
  bookmarked: boolean;
  busy: boolean;
  onToggle(): void;
}

/**
 * Saves the post to the member's Bookmarks, or removes it: an icon with its name for screen readers, pressed when
 * saved. Only the member sees their bookmarks, so there is no count.
 */
export function BookmarkButton({ bookmarked, busy, onToggle }: BookmarkButtonProps) {
  const label = bookmarked ? 'Remove bookmark' : 'Bookmark';
  return (
    <button
      type="button"
      className={cx(styles.toggle, styles.bookmark, bookmarked && styles.saved)}
      aria-pressed={bookmarked}
      aria-label={label}
      title={label}
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={onToggle}
    >
      <Bookmark size={18} fill={bookmarked ? 'currentColor' : 'none'} aria-hidden="true" />
    </button>
  );
}
