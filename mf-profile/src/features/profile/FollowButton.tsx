import { useEffect, useRef, useState } from 'react';
import { UserCheck, UserPlus } from 'lucide-react';
import { Button, VisuallyHidden, cx, useMediaQuery } from '@devcircle/ui';
import styles from './FollowButton.module.css';

/** The follow change's animation (product-spec §9; the token `--duration-follow` is 0 under reduced motion). */
export const FOLLOW_ANIMATION_MS = 350;

export interface FollowButtonProps {
  isFollowing: boolean;
  /** Follows or unfollows; the button shows '...' until it settles. */
  onToggle(): Promise<void>;
}

/** Follow / Following for a signed-in non-owner: '...' while in flight, then a short pop. */
export function FollowButton({ isFollowing, onToggle }: FollowButtonProps) {
  const [busy, setBusy] = useState(false);
  const [animating, setAnimating] = useState(false);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const toggle = async () => {
    setBusy(true);
    try {
      await onToggle();
    } finally {
      setBusy(false);
      if (!reducedMotion) {
        clearTimeout(timer.current);
        setAnimating(true);
        timer.current = setTimeout(() => setAnimating(false), FOLLOW_ANIMATION_MS);
      }
    }
  };

  const Icon = isFollowing ? UserCheck : UserPlus;
  return (
    <Button
      variant={isFollowing ? 'secondary' : 'primary'}
      className={cx(styles.follow, animating && styles.animating)}
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={() => void toggle()}
      icon={busy ? undefined : <Icon size={18} aria-hidden="true" />}
    >
      {busy ? (
        <>
          <span aria-hidden="true">...</span>
          <VisuallyHidden>Updating follow</VisuallyHidden>
        </>
      ) : isFollowing ? (
        'Following'
      ) : (
        'Follow'
      )}
    </Button>
  );
}
