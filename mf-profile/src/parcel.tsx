import { createRemoteParcel } from '@devcircle/shell/src/remote-contract/createRemoteParcel';
import { ProfileApp } from './app/ProfileApp';

/** The profile remote's single-spa lifecycles (exposed as `./parcel`); the shell mounts them as a parcel. */
const lifecycles = createRemoteParcel(ProfileApp);

export const { bootstrap, mount, unmount, update } = lifecycles;
export default lifecycles;
