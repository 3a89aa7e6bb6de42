import { REGISTRATION_PENDING_MESSAGE } from '@devcircle/contracts';
import type { InternalApiClient } from '../api/client';
import { ApiError, NETWORK_ERROR, TIMEOUT } from '../api/errors';
import { CURRENT_USER_TIMEOUT_MS } from '../constants';
import type { TokenStorage } from '../storage';
import type { AuthApi, RegistrationPending, SessionUser } from '../types';
import type { KeepAlive } from './keep-alive';
import { placeholderUser } from './placeholder';
import type { AuthStore } from './store';
import { toSessionUser } from './user';

export interface AuthDeps {
  store: AuthStore;
  tokens: TokenStorage;
  api: InternalApiClient;
  keepAlive: KeepAlive;
}

interface SessionReply {
  token?: unknown;
  user?: unknown;
}

/**
 * Whether a failed current-user lookup keeps the session (§4): a timeout or a status of 500 or above.
 * A network failure (no reply at all: the server is asleep or unreachable) counts as the server failing too.
 */
function keepsSession(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status !== undefined) return error.status >= 500;
  return error.code === TIMEOUT || error.code === NETWORK_ERROR;
}

export function createAuth({ store, tokens, api, keepAlive }: AuthDeps): AuthApi {
  let initializing: Promise<void> | null = null;

  const logout = (): void => {
    tokens.clear();
    keepAlive.stop();
    store.update({ user: null, token: null, loading: false });
  };

  /** Starts a session from a sign-in or registration reply. */
  const signIn = (reply: SessionReply, fallbackMessage: string): SessionUser => {
    const user = toSessionUser(reply?.user);
    if (typeof reply?.token !== 'string' || !reply.token || !user) throw new ApiError(fallbackMessage);
    tokens.write(reply.token);
    store.update({ user, token: reply.token, loading: false });
    return user;
  };

  const lookUpCurrentUser = async (): Promise<void> => {
    const token = store.getState().token;
    if (!token) {
      store.update({ loading: false });
      return;
    }
    try {
      const reply = await api.get<unknown>('/api/auth/me', { timeoutMs: CURRENT_USER_TIMEOUT_MS });
      // Signed out or in again meanwhile: that newer session wins.
      if (store.getState().token !== token) return;
      const user = toSessionUser(reply);
      if (user) store.update({ user, loading: false });
      else logout();
    } catch (error) {
      if (store.getState().token !== token) return;
      const placeholder = keepsSession(error) ? placeholderUser(token) : null;
      if (placeholder) store.update({ user: placeholder, loading: false });
      else logout();
    }
  };

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    init: () => {
      initializing ??= lookUpCurrentUser().finally(() => store.update({ loading: false }));
      return initializing;
    },
    login: async (email, password) => {
      const reply = await api.request<SessionReply>(
        'POST',
        '/api/auth/login',
        { email, password },
        { fallbackMessage: 'Login failed', credentialsCall: true },
      );
      const user = signIn(reply, 'Login failed');
      keepAlive.start();
      return user;
    },
    register: async (username, email, password): Promise<RegistrationPending> => {
      const reply = await api.request<{ message?: unknown } | undefined>(
        'POST',
        '/api/auth/register',
        { username, email, password },
        { fallbackMessage: 'Registration failed', credentialsCall: true },
      );
      const message = typeof reply?.message === 'string' && reply.message ? reply.message : undefined;
      return { message: message ?? REGISTRATION_PENDING_MESSAGE };
    },
    // Signs in as a registration did before it took a mailed link: token and user, no ping (§4 Auth).
    confirmRegistration: async (token) => {
      const reply = await api.request<SessionReply>(
        'POST',
        '/api/auth/register/confirm',
        { token },
        { fallbackMessage: 'Registration failed', credentialsCall: true },
      );
      return signIn(reply, 'Registration failed');
    },
    logout,
    updateUser: (user) => store.update({ user }),
    replaceToken: (token) => {
      tokens.write(token);
      store.update({ token });
    },
  };
}
