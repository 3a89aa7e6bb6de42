import { matchRoute, ROUTE_PATTERNS, ROUTES } from './routes';

/** The remotes: each draws some of the app's screens; `/remotes.json` says where each one's manifest is. */
export const REMOTE_NAMES = ['feed', 'profile', 'explore', 'notifications', 'account'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** A route pattern (a path, or one of ROUTE_PATTERNS) and the remote that draws its screen. */
export interface RemoteScreen {
  path: string;
  remote: RemoteName;
}

/**
 * Which remote draws which screen, for a signed-in member (product-spec §2): the shell routes these paths to the
 * remote, and the gateway, serving index.html for one of them, tells the browser to fetch that remote early.
 */
export const SIGNED_IN_SCREENS: readonly RemoteScreen[] = [
  { path: ROUTES.landing, remote: 'feed' },
  { path: ROUTES.feed, remote: 'feed' },
  { path: ROUTES.createPost, remote: 'feed' },
  { path: ROUTE_PATTERNS.post, remote: 'feed' },
  { path: ROUTE_PATTERNS.tag, remote: 'feed' },
  { path: ROUTES.bookmarks, remote: 'feed' },
  { path: ROUTE_PATTERNS.profile, remote: 'profile' },
  { path: ROUTE_PATTERNS.followers, remote: 'profile' },
  { path: ROUTE_PATTERNS.following, remote: 'profile' },
  { path: ROUTES.editProfile, remote: 'profile' },
  { path: ROUTES.explore, remote: 'explore' },
  { path: ROUTES.notifications, remote: 'notifications' },
  // The moderators' inbox (issue 20); anyone else finds nothing there.
  { path: ROUTES.moderation, remote: 'notifications' },
  { path: ROUTES.logoutConfirm, remote: 'account' },
  { path: ROUTES.settings, remote: 'account' },
  // A notification e-mail's unsubscribe link works whoever is signed in here (issue 20).
  { path: ROUTES.unsubscribe, remote: 'account' },
];

/** The same for a visitor: the account screens (every other remote screen sends a visitor to /login). */
export const SIGNED_OUT_SCREENS: readonly RemoteScreen[] = [
  { path: ROUTES.login, remote: 'account' },
  { path: ROUTES.register, remote: 'account' },
  // The registration mail's link: confirming it signs in, and the signed-in table then shows /feed.
  { path: ROUTES.registerConfirm, remote: 'account' },
  { path: ROUTES.forgotPassword, remote: 'account' },
  { path: ROUTES.resetPassword, remote: 'account' },
  { path: ROUTES.unsubscribe, remote: 'account' },
];

/**
 * The remote whose screen `path` opens on (signed in or not), or null for the shell's own pages (the landing for
 * a visitor, support, features, the legal pages) and unknown paths.
 */
export function remoteForPath(path: string, signedIn: boolean): RemoteName | null {
  const screens = signedIn ? SIGNED_IN_SCREENS : SIGNED_OUT_SCREENS;
  for (const screen of screens) {
    try {
      if (matchRoute(screen.path, path)) return screen.remote;
    } catch {
      return null; // a malformed escape in the path: no screen of ours
    }
  }
  return null;
}
