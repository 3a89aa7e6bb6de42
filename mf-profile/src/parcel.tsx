import { createRemoteParcel } from '@devcircle/sdk/remote';
import { ProfileApp } from './app/ProfileApp';

/** The profile remote's single-spa lifecycles (exposed as `./parcel`); the shell mounts them as a parcel. */
const lifecycles = createRemoteParcel(ProfileApp);

export const { bootstrap, mount, unmount, update } = lifecycles;
export default lifecycles;
