import { act, waitFor } from '@testing-library/react';

/**
 * jsdom has no layout, so no IntersectionObserver: this stand-in records what is observed and lets a test say
 * when the observed elements enter or leave the view.
 */
const observers = new Set<FakeIntersectionObserver>();

class FakeIntersectionObserver {
  readonly elements = new Set<Element>();
  readonly root = null;
  readonly rootMargin = '0px';
  readonly thresholds = [0];

  constructor(private readonly callback: IntersectionObserverCallback) {
    observers.add(this);
  }

  observe(element: Element) {
    this.elements.add(element);
  }

  unobserve(element: Element) {
    this.elements.delete(element);
  }

  disconnect() {
    this.elements.clear();
    observers.delete(this);
  }

  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }

  report(isIntersecting: boolean) {
    const entries = [...this.elements].map(
      (target) =>
        ({ target, isIntersecting, intersectionRatio: isIntersecting ? 1 : 0 }) as IntersectionObserverEntry,
    );
    if (entries.length > 0) this.callback(entries, this as unknown as IntersectionObserver);
  }
}

export function installIntersectionObserver() {
  Object.defineProperty(window, 'IntersectionObserver', {
    configurable: true,
    writable: true,
    value: FakeIntersectionObserver,
  });
}

/** Tells every live observer that its elements are (or are no longer) in view. */
export function setInView(isIntersecting: boolean) {
  for (const observer of [...observers]) observer.report(isIntersecting);
}

/** How many elements are being watched (the sentinel, once the list shows). */
export function observedCount(): number {
  return [...observers].reduce((sum, observer) => sum + observer.elements.size, 0);
}

/**
 * Scrolls the sentinel in or out of view once the screen watches it: React attaches the observer in an
 * effect, which can run a moment after the list is on screen.
 */
export async function scrollSentinel(isIntersecting: boolean): Promise<void> {
  await waitFor(() => expect(observedCount()).toBeGreaterThan(0));
  act(() => setInView(isIntersecting));
}
