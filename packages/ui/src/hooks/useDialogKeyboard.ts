import type { KeyboardEvent, RefObject } from 'react';

/** What Tab can land on inside a dialog. */
export const FOCUSABLE_SELECTOR = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/** The elements of `root` that Tab reaches, in document order (hidden ones left out). */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE_SELECTOR)).filter(
    (element) => !element.hidden && element.closest('[hidden], [inert]') === null,
  );
}

/**
 * Keyboard behaviour every dialog shares: Escape closes it, and Tab / Shift+Tab cycle through its controls
 * without leaving it (focus stays trapped while it is open). Returns the dialog element's onKeyDown handler.
 */
export function useDialogKeyboard(dialogRef: RefObject<HTMLElement | null>, onEscape: () => void) {
  return (event: KeyboardEvent<HTMLElement>): void => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onEscape();
      return;
    }
    const dialog = dialogRef.current;
    if (event.key !== 'Tab' || !dialog) return;
    const items = focusableIn(dialog);
    if (items.length === 0) {
      // Nothing to move to: focus stays on the dialog itself.
      event.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    const inside = active instanceof HTMLElement && items.includes(active);
    if (event.shiftKey && (active === first || !inside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !inside)) {
      event.preventDefault();
      first.focus();
    }
  };
}
