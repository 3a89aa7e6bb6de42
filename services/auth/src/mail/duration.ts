/** A link's lifetime as a mail says it: "1 hour", "24 hours", "15 minutes". */
export function describeDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes >= 120 && minutes % 60 === 0) return `${minutes / 60} hours`;
  if (minutes === 60) return '1 hour';
  if (minutes >= 1) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return `${Math.max(1, Math.round(ms / 1000))} seconds`;
}
