const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const toDate = (date: string | Date) => (date instanceof Date ? date : new Date(date));

/** A calendar date, short: 'Nov 21, 2026' (en-US, local time). An invalid date gives ''. */
export function formatDate(date: string | Date): string {
  const when = toDate(date);
  if (Number.isNaN(when.getTime())) return '';
  return when.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/**
 * When something happened, short: 'Just now' under an hour (and for times slightly in the future, clock skew),
 * 'Nh ago' under 24 hours, else the date ('Nov 21, 2026', en-US, local time). An invalid date gives ''.
 */
export function formatRelativeTime(date: string | Date, now: Date = new Date()): string {
  const when = toDate(date);
  if (Number.isNaN(when.getTime())) return '';
  const elapsed = now.getTime() - when.getTime();
  if (elapsed < HOUR_MS) return 'Just now';
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h ago`;
  return formatDate(when);
}

/** The month someone joined: 'November 2026' (en-US, local time). An invalid date gives ''. */
export function formatJoinedDate(date: string | Date): string {
  const when = toDate(date);
  if (Number.isNaN(when.getTime())) return '';
  return when.toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
}
