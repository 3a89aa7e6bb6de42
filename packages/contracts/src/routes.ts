/**
 * The app's paths (product-spec §2), shared by the shell, which routes them to a remote, and the remotes, which
 * link to each other's screens. Builders encode their parameter, so a username or id never breaks a path.
 */
const segment = encodeURIComponent;

export const ROUTES = {
  landing: '/',
  feed: '/feed',
  createPost: '/create-post',
  /** Linked from the landing page and the features footer; sends on to /create-post or /register. */
  create: '/create',
  post: (id: string) => `/post/${segment(id)}`,
  profile: (username: string) => `/profile/${segment(username)}`,
  followers: (username: string) => `/profile/${segment(username)}/followers`,
  following: (username: string) => `/profile/${segment(username)}/following`,
  editProfile: '/edit-profile',
  explore: '/explore',
  /** The posts with one hashtag (issue 19), linked from `#tag` in a text and from explore's trending tags. */
  tag: (tag: string) => `/tags/${segment(tag)}`,
  notifications: '/notifications',
  /** The member's saved posts (issue 19). */
  bookmarks: '/bookmarks',
  /** The moderators' inbox of reports (issue 20); not found for everyone else. */
  moderation: '/moderation',
  settings: '/settings',
  logoutConfirm: '/logout-confirm',
  messages: '/messages',
  messagesWith: (username: string) => `/messages/${segment(username)}`,
  support: '/support',
  features: '/features',
  privacy: '/privacy',
  terms: '/terms',
  login: '/login',
  register: '/register',
  /** Where the link of the registration mail leads (`?token=…`): confirming it creates the account. */
  registerConfirm: '/register/confirm',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** Where a notification e-mail's unsubscribe link leads (`?token=…`), signed in or not (issue 20). */
  unsubscribe: '/unsubscribe',
} as const;

/** The same paths as route patterns, for a router (`:name` marks a parameter). */
export const ROUTE_PATTERNS = {
  post: '/post/:id',
  profile: '/profile/:username',
  followers: '/profile/:username/followers',
  following: '/profile/:username/following',
  messagesWith: '/messages/:username',
  tag: '/tags/:tag',
} as const;

/** The parameter names of a route pattern: `'/profile/:username/followers'` → `'username'`. */
type ParamNames<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Pattern extends `${string}:${infer Name}`
    ? Name
    : never;

export type RouteParams<Pattern extends string> = Record<ParamNames<Pattern>, string>;

/**
 * The parameters of `path` when it is `pattern` (one of ROUTE_PATTERNS), decoded; null when it is not. Segment by
 * segment and case-sensitive: a parameter is one non-empty segment. Undoes the builders' encoding, so
 * `matchRoute(ROUTE_PATTERNS.profile, ROUTES.profile(name))` gives `{ username: name }` back; a malformed
 * escape throws URIError, as decodeURIComponent does.
 */
export function matchRoute<Pattern extends string>(
  pattern: Pattern,
  path: string,
): RouteParams<Pattern> | null {
  const expected = pattern.split('/');
  const actual = path.split('/');
  if (expected.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of expected.entries()) {
    const value = actual[index];
    if (part.startsWith(':')) {
      if (!value) return null;
      params[part.slice(1)] = decodeURIComponent(value);
    } else if (part !== value) return null;
  }
  return params as RouteParams<Pattern>;
}
