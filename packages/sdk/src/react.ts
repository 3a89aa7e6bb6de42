import { createContext, createElement, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { sdk as defaultSdk } from './singleton';
import type { AuthState, DevCircleSdk, NotificationGroupsState, NotificationsState } from './types';

const SdkContext = createContext<DevCircleSdk | null>(null);

/** Optional: hands a specific instance to the hooks below (tests, storybooks). Without it: the page's `sdk`. */
export function SdkProvider({ sdk, children }: { sdk: DevCircleSdk; children?: ReactNode }): ReactNode {
  return createElement(SdkContext.Provider, { value: sdk }, children);
}

/** The SDK instance (the provider's, else the page's singleton). */
export function useSdk(): DevCircleSdk {
  return useContext(SdkContext) ?? defaultSdk;
}

/** The auth state; re-renders on every change. */
export function useAuth(): AuthState {
  const { auth } = useSdk();
  return useSyncExternalStore(auth.subscribe, auth.getState, auth.getState);
}

/** Whether any notification is unread; re-renders when it changes. */
export function useUnread(): boolean {
  const { unread } = useSdk();
  return useSyncExternalStore(unread.subscribe, unread.get, unread.get);
}

/** The notifications list (newest first) and its loading flags; re-renders on every change. */
export function useNotifications(): NotificationsState {
  const { notifications } = useSdk();
  return useSyncExternalStore(notifications.subscribe, notifications.getState, notifications.getState);
}

/** The notification groups (newest first), their unread count and loading flags; re-renders on every change. */
export function useNotificationGroups(): NotificationGroupsState {
  const { notificationGroups } = useSdk();
  return useSyncExternalStore(
    notificationGroups.subscribe,
    notificationGroups.getState,
    notificationGroups.getState,
  );
}
