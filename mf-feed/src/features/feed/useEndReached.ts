import { useEffect, useState } from 'react';

/** How long the sentinel must stay visible before the end-of-list message shows (product-spec §9). */
export const END_MESSAGE_DELAY_MS = 2000;

/** True once `atEnd` (nothing more to load, sentinel visible) has held for the delay; stays true after. */
export function useEndReached(atEnd: boolean): boolean {
  const [reached, setReached] = useState(false);
  useEffect(() => {
    if (!atEnd || reached) return;
    const timer = setTimeout(() => setReached(true), END_MESSAGE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [atEnd, reached]);
  return reached;
}
