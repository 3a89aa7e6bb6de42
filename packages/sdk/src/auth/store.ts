import type { AuthState } from '../types';

/**
 * The auth state as an external store: every change makes a new frozen snapshot (so React's
 * `useSyncExternalStore` sees it) and notifies the listeners.
 */
export interface AuthStore {
  getState(): AuthState;
  /** Merges `patch`; `authenticated` always follows `user`. Listeners run only on a real change. */
  update(patch: Partial<Omit<AuthState, 'authenticated'>>): void;
  subscribe(listener: (state: AuthState) => void): () => void;
}

function snapshot(state: Omit<AuthState, 'authenticated'>): AuthState {
  return Object.freeze({ ...state, authenticated: state.user !== null });
}

export function createAuthStore(initial: Omit<AuthState, 'authenticated'>): AuthStore {
  let state = snapshot(initial);
  const listeners = new Set<(state: AuthState) => void>();
  return {
    getState: () => state,
    update: (patch) => {
      const next = snapshot({ ...state, ...patch });
      if (next.user === state.user && next.token === state.token && next.loading === state.loading) return;
      state = next;
      for (const listener of [...listeners]) listener(state);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
