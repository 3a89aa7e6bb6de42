import { useEffect, useRef, useState } from 'react';

/**
 * True while `active`, and once it turned on, for at least `minimumMs`: a loading indicator that does not
 * flash for a fast answer (product-spec §4: it stays about 1 s after a change).
 */
export function useLinger(active: boolean, minimumMs: number): boolean {
  const [holding, setHolding] = useState(active);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!active) return;
    setHolding(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setHolding(false), minimumMs);
  }, [active, minimumMs]);

  useEffect(() => () => clearTimeout(timer.current), []);

  return active || holding;
}
