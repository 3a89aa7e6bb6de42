import type { KeyboardEvent, RefObject } from 'react';

const FOCUSABLE =
  'button:not([disabled]), textarea:not([disabled]), a[href], input:not([disabled]), select:not([disabled])';

/**
 * Keyboard behaviour every dialog shares: Escape closes it, and Tab / Shift+Tab cycle through its controls
 * without leaving it (focus stays trapped while it is open).
 */
export function useDialogKeyboard(dialogRef: RefObject<HTMLElement | null>, onEscape: () => void) {
  return (event: KeyboardEvent<HTMLElement>): void => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onEscape();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const items = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
}
