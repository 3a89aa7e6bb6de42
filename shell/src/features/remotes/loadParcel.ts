import { loadRemote } from '@module-federation/enhanced/runtime';
// The shell provides the remote contract (and with it single-spa-react) to every remote it loads, so it loads
// once. Webpack shares a module only when the build imports it; the shell's own code needs only its types.
import '@devcircle/sdk/remote';
import type { ParcelConfig } from 'single-spa';
import { ensureRemotesRegistered } from './registerRemotes';
import type { RemoteName } from '@devcircle/contracts';

/** A remote that has not loaded within this time is shown as failed (it may still be retried). */
export const REMOTE_LOAD_TIMEOUT_MS = 10_000;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new Error(`${what} did not load within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        window.clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        window.clearTimeout(timer);
        reject(error);
      },
    );
  });
}

function isParcelConfig(value: unknown): value is ParcelConfig {
  const candidate = value as Record<string, unknown> | null;
  return !!candidate && typeof candidate.mount === 'function' && typeof candidate.unmount === 'function';
}

/**
 * Loads `<remote>/parcel`: the single-spa lifecycles every remote exposes. Rejects when the remote's manifest
 * or code cannot be fetched, takes too long, or exposes something that is not a parcel.
 */
export async function loadParcel(remote: RemoteName, exposed = 'parcel'): Promise<ParcelConfig> {
  const id = `${remote}/${exposed}`;
  const load = async () => {
    await ensureRemotesRegistered();
    const module = await loadRemote<Record<string, unknown>>(id);
    // An exposed module may export the lifecycles by name or as its default export.
    const config = module && isParcelConfig(module.default) ? module.default : module;
    if (!isParcelConfig(config)) throw new Error(`${id} does not expose single-spa parcel lifecycles`);
    return config;
  };
  return withTimeout(load(), REMOTE_LOAD_TIMEOUT_MS, id);
}
