import { useEffect, useId, useRef, useState } from 'react';
import { Trash2 } from 'lucide-react';
import { Button, IconButton } from '@devcircle/ui';
import styles from './DeletePostButton.module.css';

export interface DeletePostButtonProps {
  /** Deletes the post; the popover stays open (busy) until it settles. */
  onConfirm(): Promise<void>;
}

/** The owner's delete icon and its small confirm popover (Cancel / Delete). */
export function DeletePostButton({ onConfirm }: DeletePostButtonProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const questionId = useId();
  const popoverId = useId();

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };

  // Cancel gets focus first: the destructive choice is never one keypress away.
  useEffect(() => {
    if (open) cancelRef.current?.focus();
  }, [open]);

  // A press outside closes it, as a popover does.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!busy && !rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, busy]);

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  return (
    <div
      ref={rootRef}
      className={styles.root}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open && !busy) {
          event.stopPropagation();
          close(true);
        }
      }}
    >
      <IconButton
        ref={triggerRef}
        label="Delete post"
        variant="danger"
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        aria-haspopup="dialog"
        onClick={() => setOpen((value) => !value)}
      >
        <Trash2 size={18} aria-hidden="true" />
      </IconButton>
      {open && (
        <div id={popoverId} className={styles.popover} role="dialog" aria-labelledby={questionId}>
          <p id={questionId} className={styles.question}>
            Are you sure you want to delete this post?
          </p>
          <div className={styles.actions}>
            <Button ref={cancelRef} variant="secondary" size="sm" disabled={busy} onClick={() => close(true)}>
              Cancel
            </Button>
            <Button variant="danger" size="sm" busy={busy} onClick={() => void confirm()}>
              Delete
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
