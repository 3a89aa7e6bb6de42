/** The remotes the shell knows by name; `/remotes.json` says where each one's manifest is. */
export const REMOTE_NAMES = ['feed', 'profile', 'explore', 'notifications', 'account'] as const;

export type RemoteName = (typeof REMOTE_NAMES)[number];
