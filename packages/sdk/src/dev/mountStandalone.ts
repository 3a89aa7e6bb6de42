import { mountRootParcel, type ParcelConfig } from 'single-spa';
import { sdk } from '../singleton';
import type { RemoteParcel } from '../remote';
import { signInForDev } from './signInForm';

export interface StandaloneOptions {
  /**
   * Show the dev sign-in form while the page has no session (default true). The account remote turns it off:
   * its own login screen signs in.
   */
  devSignIn?: boolean;
}

/**
 * A remote's standalone dev page (`npm run dev -w @devcircle/mf-<name>`): mounts its parcel the way the shell
 * does, with history handled here instead of by the shell's router (the dev server proxies /api to the gateway).
 * `startPath` is where the page opens when loaded at `/`. The token lives per origin, so a session made in the
 * shell does not reach the dev server's page: without one, a dev-only form signs in here first.
 */
export async function mountStandalone(
  parcelConfig: RemoteParcel,
  startPath: string,
  { devSignIn = true }: StandaloneOptions = {},
): Promise<void> {
  const domElement = document.getElementById('root');
  if (!domElement) throw new Error('index.html has no #root');
  if (window.location.pathname === '/') window.history.replaceState(null, '', startPath);

  const session = sdk.auth.init();
  if (devSignIn) {
    await session;
    if (!sdk.auth.getState().authenticated) await signInForDev(domElement, sdk.auth);
  }

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
}
