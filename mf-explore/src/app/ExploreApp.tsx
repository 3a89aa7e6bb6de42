import type { RemoteAppProps } from '@devcircle/shell/src/remote-contract/createRemoteParcel';
import { ExploreScreen } from '../features/explore/ExploreScreen';

/** The explore remote has one screen, /explore. */
export function ExploreApp(_props: RemoteAppProps) {
  return <ExploreScreen />;
}
