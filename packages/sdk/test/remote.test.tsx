// jsdom: a remote's parcel made by `createRemoteParcel`, mounted with single-spa the way the shell and the
// standalone page mount it (a root parcel with a `domElement` and the contract's props).
import '@testing-library/jest-dom';
import { waitFor } from '@testing-library/react';
import { mountRootParcel, type ParcelConfig } from 'single-spa';
import { Suspense, type FunctionComponent } from 'react';
import { createRemoteParcel, lazyScreen, type RemoteAppProps } from '../src/remote';

function Screen({ path, search }: RemoteAppProps) {
  if (path === '/broken') throw new Error('the screen broke');
  return (
    <p>
      at {path}
      {search}
    </p>
  );
}

function mount(props: RemoteAppProps, root: FunctionComponent<RemoteAppProps> = Screen) {
  const domElement = document.createElement('div');
  document.body.append(domElement);
  const parcel = mountRootParcel(createRemoteParcel(root) as ParcelConfig, { domElement, ...props });
  return { parcel, domElement };
}

test('renders the screen for the path, follows updates, and leaves nothing behind when unmounted', async () => {
  const { parcel, domElement } = mount({ path: '/feed', search: '' });
  // Rendered a few promises into single-spa's mount, outside any event the test fires: waited for, as a user would.
  await waitFor(() => expect(domElement).toHaveTextContent('at /feed'));
  await parcel.mountPromise;

  const updated = parcel.update?.({ domElement, path: '/post/abc', search: '?from=feed' });
  await waitFor(() => expect(domElement).toHaveTextContent('at /post/abc?from=feed'));
  await updated;

  const unmounted = parcel.unmount();
  await waitFor(() => expect(domElement).toBeEmptyDOMElement());
  await unmounted;
});

test('a render error is reported to the host, and a message stays in the remote’s area', async () => {
  // React reports the caught error on the console; this test causes it on purpose.
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const onRenderError = jest.fn();
  try {
    const { parcel, domElement } = mount({ path: '/broken', onRenderError });
    await waitFor(() => expect(onRenderError).toHaveBeenCalledWith(new Error('the screen broke')));
    await parcel.mountPromise;
    expect(domElement).toHaveTextContent(
      'Something went wrong on this screen. Reload the page to try again.',
    );
  } finally {
    consoleError.mockRestore();
  }
});

test('a lazy screen whose chunk failed to load is fetched again when the remote is mounted again (Retry)', async () => {
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  let reachable = false;
  let attempts = 0;
  const LazyPage = lazyScreen(async () => {
    attempts += 1;
    if (!reachable) throw new Error('the chunk did not load');
    return function Page({ path }: RemoteAppProps) {
      return <p>lazy at {path}</p>;
    };
  });
  function App(props: RemoteAppProps) {
    return (
      <Suspense fallback={<p>loading</p>}>
        <LazyPage {...props} />
      </Suspense>
    );
  }
  try {
    const onRenderError = jest.fn();
    const first = mount({ path: '/feed', onRenderError }, App);
    await waitFor(() => expect(onRenderError).toHaveBeenCalledWith(new Error('the chunk did not load')));
    await first.parcel.mountPromise;
    await first.parcel.unmount();
    const failed = attempts;

    reachable = true;
    const again = mount({ path: '/feed' }, App);
    await waitFor(() => expect(again.domElement).toHaveTextContent('lazy at /feed'));
    await again.parcel.mountPromise;
    expect(attempts).toBe(failed + 1);
  } finally {
    consoleError.mockRestore();
  }
});
