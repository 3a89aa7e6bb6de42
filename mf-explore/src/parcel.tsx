import { createRemoteParcel } from '@devcircle/sdk/remote';
import { ExploreApp } from './app/ExploreApp';

/** The explore remote's single-spa lifecycles (exposed as `./parcel`); the shell mounts them as a parcel. */
const lifecycles = createRemoteParcel(ExploreApp);

export const { bootstrap, mount, unmount, update } = lifecycles;
export default lifecycles;
