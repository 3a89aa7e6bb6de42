/** The `token` query parameter of a mailed link (reset, registration), or null when it is missing or blank. */
export function linkTokenFrom(search: string | undefined): string | null {
  const token = new URLSearchParams(search ?? '').get('token')?.trim();
  return token || null;
}
