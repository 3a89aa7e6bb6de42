import { useEffect, useRef, useState } from 'react';
import { EMAIL_KINDS, type EmailKind, type EmailPreferences } from '@devcircle/contracts';
import { useSdk } from '@devcircle/sdk/react';
import {
  EMAIL_PREFERENCES_SAVE_FAILURE,
  fetchEmailPreferences,
  saveEmailPreferences,
} from './emailPreferencesApi';
import { failureMessage } from './failureMessage';
import {
  hasStoredNotificationPreferences,
  readNotificationPreferences,
  writeNotificationPreferences,
  type NotificationPreferences,
} from './notificationPreferences';

const isEmailKind = (key: keyof NotificationPreferences): key is EmailKind =>
  (EMAIL_KINDS as readonly string[]).includes(key);

const emailPart = (preferences: NotificationPreferences): EmailPreferences => ({
  followers: preferences.followers,
  comments: preferences.comments,
});

/**
 * The e-mail switches. Shown at once from this browser's copy (§3: instant, as the spec's client-side switches
 * were); followers and comments are the server's (issue 20), which replaces the copy when it answers, and every
 * change is saved there too, the switch flipping back with a message if that fails. A member whose choice lived
 * only in this browser has it copied to the server once, on the first visit after the change. "Messages" stays
 * in this browser only until messaging exists. Read once per mount (the screen keys the section by user id).
 */
export function useNotificationPreferences(userId: string) {
  const sdk = useSdk();
  const [preferences, setPreferences] = useState(() => readNotificationPreferences(userId));
  const [error, setError] = useState<string | null>(null);
  const current = useRef(preferences);
  /** A change made before the server's answer came: that answer is older than what the switch shows. */
  const changed = useRef(false);

  const show = (next: NotificationPreferences) => {
    current.current = next;
    writeNotificationPreferences(userId, next);
    setPreferences(next);
  };

  useEffect(() => {
    const controller = new AbortController();
    const hadLocalChoice = hasStoredNotificationPreferences(userId);
    fetchEmailPreferences(sdk.api, controller.signal)
      .then(async (server) => {
        if (controller.signal.aborted || changed.current) return;
        if (!server.saved && hadLocalChoice) {
          await saveEmailPreferences(sdk.api, emailPart(current.current));
          return;
        }
        show({ ...current.current, followers: server.followers, comments: server.comments });
      })
      // The copy shown stays; the next change saves it to the server anyway.
      .catch(() => undefined);
    return () => controller.abort();
    // `show` only writes this member's copy and state: it needs no re-run.
  }, [sdk, userId]);

  const set = async (key: keyof NotificationPreferences, value: boolean) => {
    changed.current = true;
    setError(null);
    const previous = current.current;
    show({ ...previous, [key]: value });
    if (!isEmailKind(key)) return;
    try {
      await saveEmailPreferences(sdk.api, { [key]: value });
    } catch (failure) {
      // Only this switch goes back: another one changed meanwhile keeps its own outcome.
      show({ ...current.current, [key]: previous[key] });
      setError(failureMessage(failure, EMAIL_PREFERENCES_SAVE_FAILURE));
    }
  };

  return { preferences, error, set };
}
