import { registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES, type RemoteName } from '@devcircle/contracts';

type RemotesManifest = Partial<Record<RemoteName, string>>;

let registration: Promise<RemotesManifest> | null = null;

/** Manifest URLs in `/remotes.json` may be relative (`/remotes/feed/mf-manifest.json`): resolve them here. */
function absolute(url: string): string {
  return new URL(url, window.location.origin).href;
}

async function fetchAndRegister(): Promise<RemotesManifest> {
  const response = await fetch('/remotes.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`/remotes.json answered ${response.status}`);
  const manifest = (await response.json()) as Record<string, unknown>;
  const entries: RemotesManifest = {};
  for (const name of REMOTE_NAMES) {
    const url = manifest[name];
    if (typeof url === 'string' && url) entries[name] = absolute(url);
  }
  registerRemotes(Object.entries(entries).map(([name, entry]) => ({ name, entry })));
  return entries;
}

/**
 * Reads `/remotes.json` once and registers every remote with the federation runtime, so which build of a
 * remote users get is decided by the gateway's configuration, never by the shell's build. A failed read is
 * forgotten, so the next remote that asks (or a Retry) reads it again.
 */
/** The remotes registered so far (undefined while none was asked for): whose files a failing script is. */
export async function registeredRemotes(): Promise<RemotesManifest | undefined> {
  return registration?.catch(() => undefined);
}

export function ensureRemotesRegistered(): Promise<RemotesManifest> {
  if (!registration) {
    registration = fetchAndRegister().catch((error: unknown) => {
      registration = null;
      throw error;
    });
  }
  return registration;
}

/**
 * Before a retry: drops what the runtime cached about a remote that failed (its manifest, its container),
 * so the next load fetches it fresh.
 */
export async function resetRemote(name: RemoteName): Promise<void> {
  const entries = await ensureRemotesRegistered();
  const entry = entries[name];
  if (entry) registerRemotes([{ name, entry }], { force: true });
}
