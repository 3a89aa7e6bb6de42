import { createRemoteParcel } from '@devcircle/sdk/remote';
import { NotificationsApp } from './app/NotificationsApp';

/** The notifications remote's single-spa lifecycles (exposed as `./parcel`); the shell mounts them as a parcel. */
const lifecycles = createRemoteParcel(NotificationsApp);

export const { bootstrap, mount, unmount, update } = lifecycles;
export default lifecycles;
