/** The local-storage key of the welcome prompt's dismissal, one per user id (product-spec §9). */
export const welcomeDismissedKey = (userId: string) => `profileWelcomeDismissed:${userId}`;

/** Whether this user dismissed the welcome prompt; unreadable storage counts as dismissed (never nag). */
export function isWelcomeDismissed(userId: string): boolean {
  try {
    return window.localStorage.getItem(welcomeDismissedKey(userId)) !== null;
  } catch {
    return true;
  }
}

export function dismissWelcome(userId: string): void {
  try {
    window.localStorage.setItem(welcomeDismissedKey(userId), 'true');
  } catch {
    // Storage refused (private mode): the prompt is hidden for this visit only, which is harmless.
  }
}
