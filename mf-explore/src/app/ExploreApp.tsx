import type { RemoteAppProps } from '@devcircle/sdk/remote';
import { ExploreScreen } from '../features/explore/ExploreScreen';

/** The explore remote has one screen, /explore. */
export function ExploreApp(_props: RemoteAppProps) {
  return <ExploreScreen />;
}
