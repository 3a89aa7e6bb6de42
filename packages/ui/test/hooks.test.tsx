import '@testing-library/jest-dom';
import { act, render, renderHook, screen } from '@testing-library/react';
import { useBodyScrollLock, useCopyToClipboard, useMediaQuery } from '../src';

describe('useCopyToClipboard', () => {
  const realClipboard = navigator.clipboard;
  let warn: jest.SpyInstance;

  beforeEach(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  afterEach(() => {
    Object.assign(navigator, { clipboard: realClipboard });
    warn.mockRestore();
    jest.useRealTimers();
    // @ts-expect-error jsdom has no execCommand; tests add one and take it away again.
    delete document.execCommand;
  });

  it('writes through navigator.clipboard, is copied, then resets after the given time', async () => {
    jest.useFakeTimers();
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    const { result } = renderHook(() => useCopyToClipboard(1500));
    expect(result.current.copied).toBe(false);

    let ok = false;
    await act(async () => {
      ok = await result.current.copy('const x = 1;');
    });
    expect(ok).toBe(true);
    expect(writeText).toHaveBeenCalledWith('const x = 1;');
    expect(result.current.copied).toBe(true);

    act(() => jest.advanceTimersByTime(1499));
    expect(result.current.copied).toBe(true);
    act(() => jest.advanceTimersByTime(1));
    expect(result.current.copied).toBe(false);
    expect(warn).not.toHaveBeenCalled();
  });

  it('falls back to a hidden textarea and execCommand when the clipboard refuses', async () => {
    const writeText = jest.fn().mockRejectedValue(new Error('NotAllowedError'));
    Object.assign(navigator, { clipboard: { writeText } });
    let copiedText = '';
    document.execCommand = jest.fn(() => {
      copiedText = (document.activeElement as HTMLTextAreaElement).value;
      return true;
    });
    const { result } = renderHook(() => useCopyToClipboard());
    let ok = false;
    await act(async () => {
      ok = await result.current.copy('npm test');
    });
    expect(ok).toBe(true);
    expect(document.execCommand).toHaveBeenCalledWith('copy');
    expect(copiedText).toBe('npm test');
    expect(document.querySelector('textarea')).toBeNull();
    expect(result.current.copied).toBe(true);
  });

  it('when nothing works it resolves false, stays not copied, and only logs', async () => {
    Object.assign(navigator, { clipboard: undefined });
    document.execCommand = jest.fn(() => false);
    const { result } = renderHook(() => useCopyToClipboard());
    let ok = true;
    await act(async () => {
      ok = await result.current.copy('text');
    });
    expect(ok).toBe(false);
    expect(result.current.copied).toBe(false);
    expect(warn).toHaveBeenCalled();
  });
});

describe('useBodyScrollLock', () => {
  function Lock({ active }: { active: boolean }) {
    useBodyScrollLock(active);
    return null;
  }

  it('locks while any user is active and restores the original overflow after the last', () => {
    document.body.style.overflow = 'auto';
    const outer = render(<Lock active />);
    const inner = render(<Lock active />);
    expect(document.body.style.overflow).toBe('hidden');
    inner.unmount();
    expect(document.body.style.overflow).toBe('hidden');
    outer.rerender(<Lock active={false} />);
    expect(document.body.style.overflow).toBe('auto');
  });
});

describe('useMediaQuery', () => {
  const realMatchMedia = window.matchMedia;
  afterEach(() => {
    window.matchMedia = realMatchMedia;
  });

  it('is false where matchMedia does not exist (jsdom)', () => {
    const { result } = renderHook(() => useMediaQuery('(max-width: 767px)'));
    expect(result.current).toBe(false);
  });

  it('follows the query as it starts and stops matching', () => {
    let matches = true;
    const listeners = new Set<() => void>();
    window.matchMedia = jest.fn((query: string) => ({
      media: query,
      get matches() {
        return matches;
      },
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    })) as unknown as typeof window.matchMedia;

    function Probe() {
      return <p>{useMediaQuery('(max-width: 767px)') ? 'phone' : 'wide'}</p>;
    }
    const { unmount } = render(<Probe />);
    expect(screen.getByText('phone')).toBeInTheDocument();
    act(() => {
      matches = false;
      listeners.forEach((listener) => listener());
    });
    expect(screen.getByText('wide')).toBeInTheDocument();
    unmount();
    expect(listeners.size).toBe(0);
  });
});
