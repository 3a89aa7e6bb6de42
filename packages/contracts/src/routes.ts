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
  notifications: '/notifications',
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
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
} as const;

/** The same paths as route patterns, for a router (`:name` marks a parameter). */
export const ROUTE_PATTERNS = {
  post: '/post/:id',
  profile: '/profile/:username',
  followers: '/profile/:username/followers',
  following: '/profile/:username/following',
  messagesWith: '/messages/:username',
} as const;
