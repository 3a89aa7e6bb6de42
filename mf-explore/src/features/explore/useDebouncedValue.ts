import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * `value` once it has stayed the same for `delayMs`. `flush()` takes the current value at once (or `next`, for
 * a value set in the same event handler), skipping the wait.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): [T, (next?: T) => void] {
  const [debounced, setDebounced] = useState(value);
  const latest = useRef(value);
  latest.current = value;

  useEffect(() => {
    // Nothing to wait for once the value is there (after a flush too): a timer would only set it again, later,
    // outside any event (the act() warning explore.test printed when one fired after a test's last check).
    if (Object.is(value, debounced)) return;
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs, debounced]);

  const flush = useCallback((next?: T) => setDebounced(next === undefined ? latest.current : next), []);
  return [debounced, flush];
}
