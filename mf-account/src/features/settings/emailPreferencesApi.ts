import type { EmailPreferences, EmailPreferencesAnswer } from '@devcircle/contracts';
import type { ApiClient } from '@devcircle/sdk';

/** §8-style fallbacks for the e-mail switches the server keeps (issue 20). */
export const EMAIL_PREFERENCES_SAVE_FAILURE = 'Your e-mail setting could not be saved. Please try again.';
const EMAIL_PREFERENCES_LOAD_FAILURE = 'Your e-mail settings could not be loaded.';

const PATH = '/api/notifications/preferences';

/** `GET /api/notifications/preferences`: the member's switches; `saved: false` while never chosen. */
export function fetchEmailPreferences(api: ApiClient, signal?: AbortSignal) {
  return api.get<EmailPreferencesAnswer>(PATH, { fallbackMessage: EMAIL_PREFERENCES_LOAD_FAILURE, signal });
}

/** `PUT /api/notifications/preferences`: answers what the server now holds. */
export function saveEmailPreferences(api: ApiClient, change: Partial<EmailPreferences>) {
  return api.put<EmailPreferencesAnswer>(PATH, change, { fallbackMessage: EMAIL_PREFERENCES_SAVE_FAILURE });
}
