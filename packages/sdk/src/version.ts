/** The contract's version (semver): remotes may check the major. */
export const SDK_VERSION = '1.4.0';
