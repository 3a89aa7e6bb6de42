import { TOKEN_STORAGE_KEY } from './constants';

/** The part of the Web Storage interface the SDK uses (`window.localStorage` in the browser). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A storage held in memory: for tests and for environments without `window.localStorage`. */
export function memoryStorage(initial: Record<string, string> = {}): StorageLike {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
  };
}

/** `window.localStorage` when the page has one (access can throw, e.g. with storage disabled), else memory. */
export function defaultStorage(): StorageLike {
  try {
    if (typeof window !== 'undefined' && window.localStorage) return window.localStorage;
  } catch {
    // Storage disabled by the browser: the session lasts as long as the page.
  }
  return memoryStorage();
}

/** The session token in storage under the key `token`. Storage errors never break the session. */
export interface TokenStorage {
  read(): string | null;
  write(token: string): void;
  clear(): void;
}

export function tokenStorage(storage: StorageLike): TokenStorage {
  return {
    read: () => {
      try {
        return storage.getItem(TOKEN_STORAGE_KEY) || null;
      } catch {
        return null;
      }
    },
    write: (token) => {
      try {
        storage.setItem(TOKEN_STORAGE_KEY, token);
      } catch {
        // Full or disabled storage: the token still lives in the auth state for this page.
      }
    },
    clear: () => {
      try {
        storage.removeItem(TOKEN_STORAGE_KEY);
      } catch {
        // Nothing to clear.
      }
    },
  };
}
