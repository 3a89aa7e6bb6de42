import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Parcel } from 'single-spa';
import type { RemoteAppProps } from '@devcircle/sdk/remote';
import { reportRemoteError } from '../errors/reportErrors';
import { resetRemote } from './registerRemotes';
import type { RemoteName } from '@devcircle/contracts';

export type RemoteStatus = 'loading' | 'mounted' | 'failed';

/**
 * What every remote's parcel receives (and again on every update): the contract's props, all of them given (the
 * path, the query string, and the report the remote's single-spa-react error boundary calls on a render error).
 */
export type RemoteParcelProps = Required<RemoteAppProps> & Record<string, unknown>;

function unmountQuietly(parcel: Parcel, domElement: HTMLElement) {
  // A parcel can only be unmounted once mounted; one that failed to mount has nothing to release.
  parcel.mountPromise
    .then(() => parcel.unmount())
    .catch(() => undefined)
    .finally(() => domElement.remove());
}

/**
 * Loads `remote`'s parcel and mounts it into `containerRef` as a single-spa root parcel (no `start()`: React
 * Router owns history). The parcel follows the route through `update`; it is unmounted when the component
 * goes away. `retry()` forgets the failed remote and loads it again, touching nothing else on the page.
 */
export function useRemoteParcel(
  remote: RemoteName,
  containerRef: RefObject<HTMLDivElement | null>,
  routeProps: { path: string; search: string },
) {
  const [status, setStatus] = useState<RemoteStatus>('loading');
  const [attempt, setAttempt] = useState(0);
  const parcelRef = useRef<{ parcel: Parcel; domElement: HTMLElement } | null>(null);
  const failRef = useRef<(error: unknown) => void>(() => undefined);
  const routePropsRef = useRef(routeProps);
  routePropsRef.current = routeProps;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let active = true;
    // The parcel renders into its own element, so its React root never shares a node with the shell's tree.
    const domElement = document.createElement('div');
    container.appendChild(domElement);
    const fail = (error: unknown) => {
      if (!active) return;
      console.error(`[shell] remote "${remote}" failed`, error);
      reportRemoteError(remote, error);
      setStatus('failed');
    };
    failRef.current = fail;
    setStatus('loading');

    (async () => {
      try {
        if (attempt > 0) await resetRemote(remote);
        const { loadParcel, mountRootParcel } = await import('./remoteRuntime');
        const config = await loadParcel(remote);
        if (!active) return;
        const parcel = mountRootParcel(config, {
          domElement,
          ...routePropsRef.current,
          onRenderError: fail,
        } satisfies RemoteParcelProps & { domElement: HTMLElement });
        parcelRef.current = { parcel, domElement };
        await parcel.mountPromise;
        if (active) setStatus((current) => (current === 'failed' ? current : 'mounted'));
      } catch (error) {
        fail(error);
      }
    })();

    return () => {
      active = false;
      const mounted = parcelRef.current;
      parcelRef.current = null;
      if (mounted) unmountQuietly(mounted.parcel, mounted.domElement);
      else domElement.remove();
    };
  }, [remote, attempt, containerRef]);

  // Route changes inside the same remote (/login → /register) update the mounted parcel instead of remounting.
  const { path, search } = routeProps;
  useEffect(() => {
    const mounted = parcelRef.current;
    if (status !== 'mounted' || !mounted?.parcel.update) return;
    mounted.parcel
      .update({ domElement: mounted.domElement, path, search, onRenderError: failRef.current })
      .catch((error: unknown) => failRef.current(error));
  }, [path, search, status]);

  return { status, retry: () => setAttempt((n) => n + 1) };
}
