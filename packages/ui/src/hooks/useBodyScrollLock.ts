import { useEffect } from 'react';

let locks = 0;
let savedOverflow = '';

/**
 * While `active`, the page body does not scroll (a dialog is open). Nested locks are counted, so closing an
 * inner dialog leaves the page locked until the last one closes; the body's own overflow is then restored.
 */
export function useBodyScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active || typeof document === 'undefined') return;
    if (locks === 0) {
      savedOverflow = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
    }
    locks += 1;
    return () => {
      locks -= 1;
      if (locks === 0) document.body.style.overflow = savedOverflow;
    };
  }, [active]);
}
