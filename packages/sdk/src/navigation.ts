import type { NavigationApi } from './types';

type Navigator = (to: string, options?: { replace?: boolean }) => void;

/**
 * Navigation without page reloads. The shell registers its router's navigate function once; before that (or
 * for a remote running on its own) the History API is used and a popstate event lets routers follow.
 */
export function createNavigation(): NavigationApi {
  let navigator: Navigator | null = null;
  return {
    navigate: (to, options) => {
      if (navigator) {
        navigator(to, options);
        return;
      }
      if (typeof window === 'undefined' || !window.history) return;
      if (options?.replace) window.history.replaceState(null, '', to);
      else window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    },
    setNavigator: (next) => {
      navigator = next;
    },
  };
}
