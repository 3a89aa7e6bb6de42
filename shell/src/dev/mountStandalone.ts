// The shell's reset and tokens, so a remote looks the same alone as inside the shell (dev only).
import '../styles/tokens.css';
import '../styles/reset.css';
import { mountRootParcel, type ParcelConfig } from 'single-spa';
import { sdk } from '@devcircle/sdk';

/**
 * A remote's standalone dev page (`npm run dev -w @devcircle/mf-<name>`): mounts its parcel the way the shell
 * does, with history handled here instead of by the shell's router (the dev server proxies /api to the gateway).
 * `startPath` is where the page opens when loaded at `/`.
 */
export function mountStandalone(parcelConfig: unknown, startPath: string): void {
  const domElement = document.getElementById('root');
  if (!domElement) throw new Error('index.html has no #root');
  if (window.location.pathname === '/') window.history.replaceState(null, '', startPath);

  const currentProps = () => ({ path: window.location.pathname, search: window.location.search });
  // Typed loosely, as the shell does: single-spa adds `domElement` to the props the parcel receives.
  const parcel = mountRootParcel(parcelConfig as ParcelConfig, { domElement, ...currentProps() });
  // single-spa refuses updates before the first mount has finished, so each one waits for it.
  const follow = () =>
    void parcel.mountPromise.then(() => parcel.update?.({ domElement, ...currentProps() }));

  sdk.navigation.setNavigator((to, options) => {
    if (options?.replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
    follow();
  });
  window.addEventListener('popstate', follow);
  void sdk.auth.init();
}
