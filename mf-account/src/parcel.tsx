import { createRemoteParcel } from '@devcircle/sdk/remote';
import { AccountApp } from './app/AccountApp';

/** The account remote's single-spa lifecycles (exposed as `./parcel`); the shell mounts them as a parcel. */
const lifecycles = createRemoteParcel(AccountApp);

export const { bootstrap, mount, unmount, update } = lifecycles;
export default lifecycles;
