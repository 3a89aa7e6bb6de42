import type { ClientErrorKind, RemoteName } from '@devcircle/contracts';
import { createClientErrorReporter } from '@devcircle/sdk';
import { registeredRemotes } from '../remotes/registerRemotes';

/** The shell's version (its package.json's; a test keeps them equal). */
export const SHELL_VERSION = '0.1.0';

const reporter = createClientErrorReporter({ path: () => window.location.pathname });

/** A remote's version: its manifest's build version (the browser has the manifest already), else 'unknown'. */
const versions = new Map<string, Promise<string>>();
function versionOf(manifestUrl: string): Promise<string> {
  let version = versions.get(manifestUrl);
  if (!version) {
    version = fetch(manifestUrl)
      .then(
        (response) => response.json() as Promise<{ metaData?: { buildInfo?: { buildVersion?: unknown } } }>,
      )
      .then((manifest) => {
        const found = manifest.metaData?.buildInfo?.buildVersion;
        return typeof found === 'string' && /^[\w.+-]{1,32}$/.test(found) ? found : 'unknown';
      })
      .catch(() => 'unknown');
    versions.set(manifestUrl, version);
  }
  return version;
}

/** Reports what a remote's error boundary (or its loading) caught, with the remote's name and version. */
export function reportRemoteError(
  remote: RemoteName,
  error: unknown,
  kind: ClientErrorKind = 'boundary',
): void {
  void (async () => {
    const manifests = await registeredRemotes();
    const manifest = manifests?.[remote];
    reporter.report(remote, manifest ? await versionOf(manifest) : 'unknown', kind, error);
  })().catch(() => undefined); // reporting never adds an error of its own
}

/**
 * Whose code threw: the remote whose files (next to its manifest) appear in the error's script URL or stack,
 * else the shell.
 */
async function reportUncaught(kind: ClientErrorKind, error: unknown, source: string): Promise<void> {
  const manifests = (await registeredRemotes().catch(() => undefined)) ?? {};
  for (const [remote, manifest] of Object.entries(manifests)) {
    const base = manifest.slice(0, manifest.lastIndexOf('/') + 1);
    if (base && source.includes(base)) {
      reporter.report(remote, await versionOf(manifest), kind, error);
      return;
    }
  }
  reporter.report('shell', SHELL_VERSION, kind, error);
}

/** Uncaught errors and unhandled rejections go to the gateway's `/api/client-errors` (docs/observability.md). */
export function installErrorReporting(target: Window = window): void {
  target.addEventListener('error', (event) => {
    const stack = event.error instanceof Error ? (event.error.stack ?? '') : '';
    reportUncaught('error', event.error ?? event.message, `${event.filename ?? ''}\n${stack}`).catch(
      () => undefined,
    );
  });
  target.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    const stack = reason instanceof Error ? (reason.stack ?? '') : '';
    reportUncaught('unhandledrejection', reason, stack).catch(() => undefined);
  });
}
