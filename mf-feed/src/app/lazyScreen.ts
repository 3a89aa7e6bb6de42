import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A screen whose code is a chunk of its own, fetched the first time it renders. `React.lazy` keeps a failed load
 * for good; here a failure makes a fresh lazy component, so the shell's Retry (which mounts the remote again)
 * fetches the chunk again instead of failing at once.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
): () => LazyExoticComponent<ComponentType<P>> {
  const make = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          current = make();
          throw error;
        },
      ),
    );
  let current = make();
  return () => current;
}
