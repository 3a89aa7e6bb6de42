/** The contract's version (semver): remotes may check the major. */
export const SDK_VERSION = '2.1.0';
