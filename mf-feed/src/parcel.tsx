import { createRemoteParcel } from '@devcircle/sdk/remote';
import { FeedApp } from './app/FeedApp';

/** The feed remote's single-spa lifecycles (exposed as `./parcel`); the shell mounts them as a parcel. */
const lifecycles = createRemoteParcel(FeedApp);

export const { bootstrap, mount, unmount, update } = lifecycles;
export default lifecycles;
