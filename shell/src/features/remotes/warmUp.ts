import { feedPagePath, remoteForPath, ROUTES } from '@devcircle/contracts';
import type { DevCircleSdk } from '@devcircle/sdk';

/** Screens whose first data is known before their code arrives: the feed's first page. */
const FIRST_DATA: Partial<Record<string, () => string>> = {
  [ROUTES.landing]: () => feedPagePath(),
  [ROUTES.feed]: () => feedPagePath(),
};

/**
 * On a load with a stored session, starts what the screen at `path` needs at once, side by side with the session
 * check instead of after it: the remote machinery, the remote's own code (registration, entry, exposed module)
 * and, where known, its first data. Nothing here reports a failure: the screen's own load does, and retries.
 */
export function warmUpSignedIn(sdk: DevCircleSdk, path: string): void {
  const remote = remoteForPath(path, true);
  if (!remote) return;
  const firstData = FIRST_DATA[path];
  if (firstData) sdk.api.prefetch(firstData());
  import('./remoteRuntime').then(({ loadParcel }) => loadParcel(remote)).catch(() => undefined);
}
