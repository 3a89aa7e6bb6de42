/**
 * No back end here (the federation runtime is the seam), so plain jsdom: single-spa leaves its lifecycle
 * timeout timers pending, which jsdom's timers drop at teardown but Node's (jsdom-with-node-fetch) would keep
 * the run alive for.
 *
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import { MemoryRouter } from 'react-router-dom';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ParcelConfig } from 'single-spa';
import { loadParcel } from '../src/features/remotes/loadParcel';
import { RemoteParcel } from '../src/features/remotes/RemoteParcel';
import type { RemoteParcelProps } from '../src/features/remotes/useRemoteParcel';

// The federation runtime is the seam: each test decides what loading `<remote>/parcel` gives.
jest.mock('../src/features/remotes/loadParcel', () => ({ loadParcel: jest.fn() }));
jest.mock('../src/features/remotes/registerRemotes', () => ({
  ensureRemotesRegistered: jest.fn(async () => ({})),
  resetRemote: jest.fn(async () => undefined),
}));

const load = loadParcel as jest.MockedFunction<typeof loadParcel>;
const FALLBACK = "This part of DevCircle didn't load.";

/** A parcel rendering plain DOM; `onMount` may throw or keep the props the shell passed. */
function parcel(onMount: (props: RemoteParcelProps & { domElement: HTMLElement }) => void = () => undefined) {
  return {
    bootstrap: async () => undefined,
    mount: async (props: RemoteParcelProps & { domElement: HTMLElement }) => {
      const text = document.createElement('p');
      text.textContent = 'remote content';
      props.domElement.appendChild(text);
      onMount(props);
    },
    unmount: async (props: { domElement: HTMLElement }) => {
      props.domElement.replaceChildren();
    },
  } as unknown as ParcelConfig;
}

function renderArea() {
  return render(
    <MemoryRouter initialEntries={['/settings']}>
      <p>sibling stays</p>
      <RemoteParcel remote="account" />
    </MemoryRouter>,
  );
}

let consoleError: jest.SpyInstance;
beforeEach(() => {
  load.mockReset();
  // The shell logs every remote failure; these tests cause them on purpose.
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

describe('RemoteParcel: a failing remote stays inside its own area', () => {
  it('shows the fallback with Retry when the module load rejects; Retry loads again and mounts', async () => {
    load.mockRejectedValueOnce(new Error('manifest 404')).mockResolvedValueOnce(parcel());
    renderArea();

    expect(await screen.findByText(FALLBACK)).toBeVisible();
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(screen.getByText('sibling stays')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('remote content')).toBeVisible();
    await waitFor(() => expect(screen.queryByText(FALLBACK)).not.toBeInTheDocument());
    expect(load).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenLastCalledWith('account');
    expect(document.querySelector('[data-remote="account"]')).toHaveAttribute(
      'data-remote-status',
      'mounted',
    );
    expect(screen.getByText('sibling stays')).toBeInTheDocument();
  });

  it('shows the fallback when the parcel’s mount throws', async () => {
    load.mockResolvedValueOnce(
      parcel(() => {
        throw new Error('mount exploded');
      }),
    );
    renderArea();

    expect(await screen.findByText(FALLBACK)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(document.querySelector('[data-remote="account"]')).toHaveAttribute('data-remote-status', 'failed');
    expect(screen.getByText('sibling stays')).toBeInTheDocument();
  });

  it('shows the fallback when the parcel reports a render error through onRenderError', async () => {
    let reportRenderError: ((error: unknown) => void) | undefined;
    load.mockResolvedValueOnce(
      parcel((props) => {
        reportRenderError = props.onRenderError;
      }),
    );
    renderArea();

    expect(await screen.findByText('remote content')).toBeInTheDocument();
    await waitFor(() =>
      expect(document.querySelector('[data-remote="account"]')).toHaveAttribute(
        'data-remote-status',
        'mounted',
      ),
    );
    expect(screen.queryByText(FALLBACK)).not.toBeInTheDocument();

    // What single-spa-react's error boundary does when the remote's tree throws while rendering.
    expect(reportRenderError).toEqual(expect.any(Function));
    act(() => reportRenderError?.(new Error('render exploded')));

    expect(await screen.findByText(FALLBACK)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByText('sibling stays')).toBeInTheDocument();
  });
});
