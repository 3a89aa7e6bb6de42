import { lazy, Suspense, useRef, useState } from 'react';
import { Ellipsis } from 'lucide-react';
import { IconButton } from '@devcircle/ui';
import type { MoreMenuTarget } from './types';

// The menu, its items and their dialogs are a chunk of their own: a card carries only this button (/feed's budget).
const loadMenu = () => import(/* webpackChunkName: "more-menu" */ './MoreMenu');
const MoreMenu = lazy(loadMenu);
const preload = () => void loadMenu().catch(() => undefined);

export interface MoreButtonProps {
  /** The button's accessible name, e.g. "More actions for this post". */
  label: string;
  target: MoreMenuTarget;
  className?: string;
}

/** The ⋯ button; the menu opens under it once its code is there (fetched as a pointer or the focus arrives). */
export function MoreButton({ label, target, className }: MoreButtonProps) {
  const [mounted, setMounted] = useState(false);
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    <div style={{ position: 'relative', flex: 'none' }} className={className}>
      <IconButton
        ref={triggerRef}
        label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setMounted(true);
          setOpen((wasOpen) => !wasOpen);
        }}
      >
        <Ellipsis size={18} aria-hidden="true" />
      </IconButton>
      {mounted && (
        <Suspense fallback={null}>
          <MoreMenu
            label={label}
            target={target}
            open={open}
            onClose={() => setOpen(false)}
            trigger={triggerRef}
          />
        </Suspense>
      )}
    </div>
  );
}
