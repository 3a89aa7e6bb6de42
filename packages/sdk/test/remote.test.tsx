// jsdom: a remote's parcel made by `createRemoteParcel`, mounted with single-spa the way the shell and the
// standalone page mount it (a root parcel with a `domElement` and the contract's props).
import '@testing-library/jest-dom';
import { waitFor } from '@testing-library/react';
import { mountRootParcel, type ParcelConfig } from 'single-spa';
import { createRemoteParcel, type RemoteAppProps } from '../src/remote';

function Screen({ path, search }: RemoteAppProps) {
  if (path === '/broken') throw new Error('the screen broke');
  return (
    <p>
      at {path}
      {search}
    </p>
  );
}

function mount(props: RemoteAppProps) {
  const domElement = document.createElement('div');
  document.body.append(domElement);
  const parcel = mountRootParcel(createRemoteParcel(Screen) as ParcelConfig, { domElement, ...props });
  return { parcel, domElement };
}

test('renders the screen for the path, follows updates, and leaves nothing behind when unmounted', async () => {
  const { parcel, domElement } = mount({ path: '/feed', search: '' });
  await parcel.mountPromise;
  expect(domElement).toHaveTextContent('at /feed');

  await parcel.update?.({ domElement, path: '/post/abc', search: '?from=feed' });
  expect(domElement).toHaveTextContent('at /post/abc?from=feed');

  await parcel.unmount();
  expect(domElement).toBeEmptyDOMElement();
});

test('a render error is reported to the host, and a message stays in the remote’s area', async () => {
  // React reports the caught error on the console; this test causes it on purpose.
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const onRenderError = jest.fn();
  try {
    const { parcel, domElement } = mount({ path: '/broken', onRenderError });
    await parcel.mountPromise;
    await waitFor(() => expect(onRenderError).toHaveBeenCalledWith(new Error('the screen broke')));
    expect(domElement).toHaveTextContent(
      'Something went wrong on this screen. Reload the page to try again.',
    );
  } finally {
    consoleError.mockRestore();
  }
});
