import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** §2: scroll resets to the top on every route change. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
