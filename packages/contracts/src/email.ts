/**
 * E-mail notifications (issue 20): the Settings switches the notifications service keeps, its digests and their
 * one-click unsubscribe. docs/email.md.
 */

/** The kinds of e-mail a member can turn on or off on the server; "messages" stays client-only (§3). */
export const EMAIL_KINDS = ['followers', 'comments'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** `GET/PUT /api/notifications/preferences`: which e-mails the member wants. */
export type EmailPreferences = Record<EmailKind, boolean>;

/** The spec's defaults (§3: every switch on) for a member who never chose. */
export const DEFAULT_EMAIL_PREFERENCES: EmailPreferences = { followers: true, comments: true };

/** `GET /api/notifications/preferences`: `saved` is false while the member has never chosen (the defaults). */
export interface EmailPreferencesAnswer extends EmailPreferences {
  saved: boolean;
}

/** `POST /api/notifications/unsubscribe?token=…` (public, no sign-in): which kind is now off. */
export interface UnsubscribeAnswer {
  kind: EmailKind;
  message: string;
}

export const UNSUBSCRIBED_MESSAGES: Record<EmailKind, string> = {
  followers: 'You will no longer get e-mails about new followers.',
  comments: 'You will no longer get e-mails about comments on your posts.',
};

/** The answer (410 `LINK_USED`) to an unsubscribe link opened a second time. */
export const UNSUBSCRIBE_USED_MESSAGE = 'This link has already been used.';
/** The answer (404 `LINK_INVALID`) to a token that was never issued. */
export const UNSUBSCRIBE_INVALID_MESSAGE = 'This unsubscribe link is not valid.';

/**
 * `POST /internal/accounts/:id/mail` (auth, internal callers only): a message to the account's own address,
 * which only auth knows. `unsubscribeUrl` becomes the RFC 8058 `List-Unsubscribe` header (with
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`).
 */
export interface AccountMailRequest {
  subject: string;
  text: string;
  html: string;
  unsubscribeUrl: string;
}
