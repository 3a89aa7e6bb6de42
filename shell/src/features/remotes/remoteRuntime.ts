// What mounting a remote needs beyond the shell's own code: single-spa, the remote contract (single-spa-react,
// provided to every remote from here) and the federation loading. Imported on demand (useRemoteParcel), so a
// screen without a remote (the landing, the public pages) never downloads it.
export { mountRootParcel } from 'single-spa';
export { loadParcel } from './loadParcel';
