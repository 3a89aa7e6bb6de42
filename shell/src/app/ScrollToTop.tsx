import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * §2: scroll resets to the top on every route change. The browser's own restoration is turned off: it would
 * jump the page later, once a remote's content is tall enough, which the reader did not ask for.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
