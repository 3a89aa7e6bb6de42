import { useEffect, useState } from 'react';

/** A minute: relative times change by the hour, so this is ample. */
const TICK_MS = 60_000;

/** The current time, renewed every minute while the screen is open (so 'Just now' turns into '1h ago'). */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
