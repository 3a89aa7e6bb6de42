/**
 * The contract between the shell and the remotes (version `SDK_VERSION`). Remotes import `sdk` from
 * `@devcircle/sdk`; Module Federation shares the package as a singleton, so every remote talks to the shell's one
 * instance. Remotes never read storage or build API URLs themselves.
 */
// Aliased: `Notification` alone would shadow the DOM's.
import type {
  AccountUser,
  Notification as ContractNotification,
  NotificationGroup,
  RegistrationPending as ContractRegistrationPending,
} from '@devcircle/contracts';

/**
 * The signed-in user as the session holds it (product-spec §3 User (session)): the contract's `AccountUser`, of
 * which a placeholder built from the stored token (the server slow or failing, §4 Auth) has only what the token
 * carries.
 */
export type SessionUser = Pick<AccountUser, 'id' | 'username' | 'email'> &
  Partial<Pick<AccountUser, '_id' | 'displayName' | 'createdAt'>> & {
    /** True for that placeholder. */
    fromCache?: boolean;
  };

/** What a registration answers: the message to show while the person goes to their inbox. */
export type RegistrationPending = ContractRegistrationPending;

export interface AuthState {
  user: SessionUser | null;
  token: string | null;
  /** True until the start-up current-user lookup has finished. */
  loading: boolean;
  /** True when a user is present. */
  authenticated: boolean;
}

export interface AuthApi {
  getState(): AuthState;
  /** Calls `listener` on every change; returns the unsubscribe function. */
  subscribe(listener: (state: AuthState) => void): () => void;
  /** At start: with a stored token, looks up the current user (3 s timeout, §4 rules). */
  init(): Promise<void>;
  /** Stores the token, sets the user, starts the keep-alive ping. Throws ApiError ('Login failed' fallback). */
  login(email: string, password: string): Promise<SessionUser>;
  /**
   * Asks for an account: the server mails the address a link to finish (or, when the address has an account, a
   * note to its owner) and answers the same either way, so this signs nobody in. Resolves to what to tell the
   * person ('Check your inbox…'). Throws ApiError ('Registration failed' fallback): field errors, a taken username.
   */
  register(username: string, email: string, password: string): Promise<RegistrationPending>;
  /**
   * Finishes a registration with the token of the mailed link: the account is created, the token stored and the
   * user set, as a registration used to; no ping. Throws ApiError ('Registration failed' fallback).
   */
  confirmRegistration(token: string): Promise<SessionUser>;
  /** Removes the token, clears the user, stops the ping. */
  logout(): void;
  /** Replaces the held user (after a profile edit). */
  updateUser(user: SessionUser): void;
  /** Replaces the stored token (after a password change issues a new one). */
  replaceToken(token: string): void;
}

export interface RequestOptions {
  /** Milliseconds before the request is abandoned with an ApiError (code 'TIMEOUT'). */
  timeoutMs?: number;
  /** Message used when the server sends none (§8: 'Login failed', 'Failed to fetch post', …). */
  fallbackMessage?: string;
  /** Message of the ApiError (code 'TIMEOUT') when `timeoutMs` passes (e.g. 'Posts fetch timeout'). */
  timeoutMessage?: string;
  signal?: AbortSignal;
}

export interface ApiClient {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
  /**
   * Starts `GET path` now, before the code that will ask for it has loaded (the shell does this for the first
   * screen's data); the first `get(path)` made with the same token within PREFETCH_TTL_MS takes its answer instead
   * of asking again. A failed prefetch is forgotten: that `get` then asks the server itself.
   */
  prefetch(path: string): void;
}

export interface NavigationApi {
  /** Moves to an app path without reloading the page (React Router in the shell owns history). */
  navigate(to: string, options?: { replace?: boolean }): void;
  /** The shell registers its router's navigate function here once. */
  setNavigator(navigator: (to: string, options?: { replace?: boolean }) => void): void;
}

/** Whether any notification is unread: the red dots in the navigation. */
export interface UnreadIndicator {
  get(): boolean;
  set(unread: boolean): void;
  subscribe(listener: (unread: boolean) => void): () => void;
}

export type { NotificationType } from '@devcircle/contracts';

/** One notification as the list and the socket carry it: the contract's, under the name the SDK has given it. */
export type AppNotification = ContractNotification;

export interface NotificationsState {
  /** Newest first. */
  items: AppNotification[];
  /** True while the first page is loading. */
  loading: boolean;
  /** True once a first load finished since sign-in (succeeded or failed). */
  loaded: boolean;
  /** Older notifications exist beyond `items` (the last page was full). */
  hasMore: boolean;
  loadingMore: boolean;
}

/**
 * The signed-in user's notifications (§4 Notifications). The shell calls `load()` on sign-in, `receive()` for
 * each socket event and `reset()` on sign-out; the notifications remote reads the state and calls `loadMore()`,
 * `markAllRead()`, `deleteAll()` (and `load()` if it mounts while `!loaded && !loading`). Failures are silent
 * (§8). The store keeps `unread` equal to "any item unread".
 */
export interface NotificationsApi {
  getState(): NotificationsState;
  subscribe(listener: (state: NotificationsState) => void): () => void;
  /** GET /api/notifications?limit=20: replaces the list; on failure the list is emptied (§7, silent §8). */
  load(): Promise<void>;
  /** The next older page (`before` = last item's _id); appends, skipping _ids already held; failure silent. */
  loadMore(): Promise<void>;
  /** Merges a pushed notification (§4): an item with the same _id is replaced, otherwise it goes on top. */
  receive(notification: AppNotification): void;
  /** Sets every item read at once, PUT /api/notifications/mark-all-read, then load() again (§4). Silent. */
  markAllRead(): Promise<void>;
  /** DELETE /api/notifications/all, then the list is empty (§4). Failure: silent, the list stays. */
  deleteAll(): Promise<void>;
  /** Sign-out: empty, not loaded. */
  reset(): void;
  /**
   * Another session of the user marked everything up to `upTo` read (socket `notifications:read`): those items
   * are read here too, also when a page still in flight brings them.
   */
  applyRead(upTo: string): void;
  /** Another session deleted everything up to `upTo` (socket `notifications:cleared`): those items go here too. */
  applyCleared(upTo: string): void;
  /** These went with the post or comment they were about (socket `notifications:removed`). */
  applyRemoved(ids: readonly string[]): void;
}

/** Notifications of one type about one target: "alice and 3 others liked your post" (the contract's group). */
export type AppNotificationGroup = NotificationGroup;

export interface NotificationGroupsState {
  /** Newest group first (by its newest notification). */
  groups: AppNotificationGroup[];
  /** Unread groups held: what the unread indicator and the screen count. */
  unreadCount: number;
  /** True while the first page is loading. */
  loading: boolean;
  /** True once a first load finished since sign-in (succeeded or failed). */
  loaded: boolean;
  /** Older groups exist beyond `groups` (the last page was full). */
  hasMore: boolean;
  loadingMore: boolean;
}

/**
 * The signed-in user's notifications in groups (issue 19, GET /api/notifications/groups), what the shell loads and
 * the notifications screen shows. The same life as `NotificationsApi`: the shell calls `load()` on sign-in, hands
 * every socket event over and calls `reset()` on sign-out; failures are silent (§8). A pushed notification
 * updates its group in place (or starts one on top); when a change cannot be applied exactly here (a push whose
 * group is beyond the loaded pages, a read or removal that splits a group) the first page is asked again. The store
 * keeps `unread` equal to "any group unread".
 */
export interface NotificationGroupsApi {
  getState(): NotificationGroupsState;
  subscribe(listener: (state: NotificationGroupsState) => void): () => void;
  /** The first page of groups: replaces the list; on failure the list is emptied (§7, silent §8). */
  load(): Promise<void>;
  /** The next older page (`before` = the last group's `latestId`); failure silent. */
  loadMore(): Promise<void>;
  /** A pushed notification (socket `notification`): into its group, in place. */
  receive(notification: AppNotification): void;
  /** Every group read at once, PUT /api/notifications/mark-all-read, then load() again (§4). Silent. */
  markAllRead(): Promise<void>;
  /** DELETE /api/notifications/all, then the list is empty (§4). Failure: silent, the list stays. */
  deleteAll(): Promise<void>;
  /** Sign-out: empty, not loaded. */
  reset(): void;
  /** Another session marked everything up to `upTo` read (socket `notifications:read`). */
  applyRead(upTo: string): void;
  /** Another session deleted everything up to `upTo` (socket `notifications:cleared`). */
  applyCleared(upTo: string): void;
  /** Notifications that went with their post or comment (socket `notifications:removed`). */
  applyRemoved(ids: readonly string[]): void;
}

export interface DevCircleSdk {
  version: string;
  auth: AuthApi;
  api: ApiClient;
  navigation: NavigationApi;
  unread: UnreadIndicator;
  /** The per-notification list (§4), for remotes built before groups; the shell keeps `notificationGroups` live. */
  notifications: NotificationsApi;
  notificationGroups: NotificationGroupsApi;
}
