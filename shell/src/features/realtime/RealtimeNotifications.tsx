import { useEffect } from 'react';
import { useAuth, useSdk } from '@devcircle/sdk/react';
import { afterFirstLoad } from './afterFirstLoad';
import { catchUpFrom } from './catchUpFrom';
import type { NotificationSocket } from './notificationSocket';

/**
 * The signed-in member's notifications, in groups (issue 19): loaded once on sign-in, then kept live through the
 * socket, each push updating its group in place (§4 Auth, §4 Notifications). Sign-out empties the list and closes the socket; a new token (a password change: the
 * server drops the old token's socket) gets a fresh socket; leaving the page closes it. Renders nothing.
 */
export function RealtimeNotifications(): null {
  const sdk = useSdk();
  const { user, token } = useAuth();
  const userId = user?.id ?? null;

  // The list belongs to the user: loaded when one signs in, emptied when they sign out.
  useEffect(() => {
    if (!userId) return;
    void sdk.notificationGroups.load();
    return () => {
      sdk.notificationGroups.reset();
      // A remote built before groups may have loaded the per-notification list: it belongs to the user too.
      sdk.notifications.reset();
    };
  }, [sdk, userId]);

  // One socket per session token, opened once the list has loaded: its handshake then names the newest item
  // held (`after`), and the server sends whatever was made since the list was read before the live pushes.
  useEffect(() => {
    if (!userId || !token) return;
    let socket: NotificationSocket | null = null;
    let cancelled = false;
    const groups = sdk.notificationGroups;
    const cancelWait = afterFirstLoad(groups, () => {
      // socket.io's client is fetched only now: signed-out screens never load it.
      void import('./notificationSocket').then(({ openNotificationSocket }) => {
        if (cancelled) return;
        socket = openNotificationSocket({
          baseUrl: globalThis.__DEVCIRCLE_API_BASE__ ?? '',
          userId,
          token: () => sdk.auth.getState().token,
          newestHeld: () => catchUpFrom(groups.getState().groups),
          onNotification: groups.receive,
          // Another tab or device marked all read or deleted all: this list follows.
          onRead: groups.applyRead,
          onCleared: groups.applyCleared,
          // A post or comment was deleted: its notifications go.
          onRemoved: groups.applyRemoved,
        });
      });
    });
    const leave = () => socket?.pause();
    const back = (event: PageTransitionEvent) => {
      if (event.persisted) socket?.resume();
    };
    window.addEventListener('pagehide', leave);
    window.addEventListener('pageshow', back);
    return () => {
      cancelled = true;
      cancelWait();
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('pageshow', back);
      socket?.close();
    };
  }, [sdk, userId, token]);

  return null;
}
