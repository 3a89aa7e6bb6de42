/**
 * §3: which emails the user wants, one record per user id in local storage: shown at once from here. Followers and
 * comments are also kept by the server since issue 20 (useNotificationPreferences); messages only here.
 */
export interface NotificationPreferences {
  followers: boolean;
  comments: boolean;
  messages: boolean;
}

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  followers: true,
  comments: true,
  messages: true,
};

export const notificationPreferencesKey = (userId: string) => `notificationPreferences:${userId}`;

/** The stored preferences of `userId`, each missing or unreadable value taken from the defaults. */
export function readNotificationPreferences(userId: string): NotificationPreferences {
  try {
    const stored: unknown = JSON.parse(
      window.localStorage.getItem(notificationPreferencesKey(userId)) ?? '{}',
    );
    const record = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
    const pick = (key: keyof NotificationPreferences) =>
      typeof record[key] === 'boolean' ? record[key] : DEFAULT_NOTIFICATION_PREFERENCES[key];
    return { followers: pick('followers'), comments: pick('comments'), messages: pick('messages') };
  } catch {
    return DEFAULT_NOTIFICATION_PREFERENCES;
  }
}

/** Whether this browser holds a choice of `userId`'s (made before the server kept them, or since). */
export function hasStoredNotificationPreferences(userId: string): boolean {
  try {
    return window.localStorage.getItem(notificationPreferencesKey(userId)) !== null;
  } catch {
    return false;
  }
}

export function writeNotificationPreferences(userId: string, preferences: NotificationPreferences): void {
  try {
    window.localStorage.setItem(notificationPreferencesKey(userId), JSON.stringify(preferences));
  } catch {
    // Storage refused (private mode): the choice holds for this visit only.
  }
}
