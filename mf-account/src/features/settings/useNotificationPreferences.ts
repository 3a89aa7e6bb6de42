import { useState } from 'react';
import {
  readNotificationPreferences,
  writeNotificationPreferences,
  type NotificationPreferences,
} from './notificationPreferences';

/**
 * The user's email notification switches, saved to local storage on every change (no server call, §3). Read
 * once per mount: the screen mounts the section anew (keyed by user id) when another user signs in.
 */
export function useNotificationPreferences(userId: string) {
  const [preferences, setPreferences] = useState(() => readNotificationPreferences(userId));

  const set = (key: keyof NotificationPreferences, value: boolean) => {
    const next = { ...preferences, [key]: value };
    writeNotificationPreferences(userId, next);
    setPreferences(next);
  };

  return { preferences, set };
}
