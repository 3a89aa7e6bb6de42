// `@devcircle/sdk/remote`: the contract between the shell and a remote's parcel. Shared as a federation
// singleton, so single-spa-react loads once, with the host (the shell provides it; a remote alone brings its own).
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact, { type ReactAppOrParcel } from 'single-spa-react';

/** What the shell passes to every remote's parcel, on mount and on every route change. */
export interface RemoteAppProps {
  /** The app path the shell routed to this remote, e.g. `/post/abc`: the remote picks its screen from it. */
  path: string;
  /** The query string including `?`. */
  search?: string;
  /** Reports a render error so the shell can show its fallback with Retry. */
  onRenderError?: (error: unknown) => void;
}

/** What stays on screen if a remote's screens crash and no shell is there to show its fallback. */
function RenderError() {
  return <p role="alert">Something went wrong on this screen. Reload the page to try again.</p>;
}

/**
 * React DOM's client whose roots draw their first render as a transition: React then works in slices of a few
 * milliseconds and lets the browser in between, so a remote's mount is not one long task holding up input and
 * paint on a slow phone. Later renders (the shell's route changes) stay urgent, as a click expects.
 */
const slicedFirstRender: typeof ReactDOMClient = {
  ...ReactDOMClient,
  createRoot(container, options) {
    const root = ReactDOMClient.createRoot(container, options);
    let first = true;
    return {
      render(children) {
        if (!first) return root.render(children);
        first = false;
        React.startTransition(() => root.render(children));
      },
      unmount: () => root.unmount(),
    };
  },
};

/**
 * A remote's single-spa lifecycles (what it exposes as `./parcel`), made the one way every remote needs: React 19
 * roots, and an error boundary that tells the shell, which shows its fallback in the remote's area.
 */
export function createRemoteParcel(
  rootComponent: React.FunctionComponent<RemoteAppProps>,
): ReactAppOrParcel<RemoteAppProps> {
  return singleSpaReact<RemoteAppProps>({
    React,
    ReactDOMClient: slicedFirstRender,
    rootComponent,
    errorBoundary: (error, _info, props) => {
      props.onRenderError?.(error);
      return <RenderError />;
    },
  });
}

/**
 * A screen whose code is a chunk of its own, fetched the first time it renders (under a `Suspense` that shows its
 * skeleton meanwhile). `React.lazy` keeps a failed load for good; here a failure puts a fresh lazy component in
 * its place, so the shell's Retry, which mounts the remote again, fetches the chunk again instead of failing at
 * once.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<React.ComponentType<P>>,
): React.FunctionComponent<P> {
  const make = () =>
    React.lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          current = make();
          throw error;
        },
      ),
    );
  let current = make();
  return function LazyScreen(props: P) {
    const Current = current as React.ComponentType<P>;
    return <Current {...props} />;
  };
}

/** The lifecycles `createRemoteParcel` makes: what a remote exposes and a host mounts. */
export type RemoteParcel = ReactAppOrParcel<RemoteAppProps>;
