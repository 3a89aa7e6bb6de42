/** The session flag that keeps the welcome dialog to once per browser session (product-spec §9). */
export const WELCOME_FLAG = 'hasSeenFeedModal';

/** Whether the welcome dialog was already seen; storage that cannot be read counts as seen (never block the feed). */
export function hasSeenWelcome(): boolean {
  try {
    return window.sessionStorage.getItem(WELCOME_FLAG) !== null;
  } catch {
    return true;
  }
}

export function markWelcomeSeen(): void {
  try {
    window.sessionStorage.setItem(WELCOME_FLAG, 'true');
  } catch {
    // Private modes may refuse storage: the dialog may then show again next visit, which is harmless.
  }
}
