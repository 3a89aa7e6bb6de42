/** Post text and code snippet lengths, and the counter thresholds (§5, §9). */
export const CONTENT_MAX_LENGTH = 2000;
export const SNIPPET_MAX_LENGTH = 5000;
const GETTING_LONG_ABOVE = 1600;
const ALMOST_FULL_ABOVE = 1800;

/** The hint beside the post text counter: 'Good' up to 1600, 'Getting long' above, 'Almost full' above 1800. */
export function contentLengthHint(length: number): 'Good' | 'Getting long' | 'Almost full' {
  if (length > ALMOST_FULL_ABOVE) return 'Almost full';
  if (length > GETTING_LONG_ABOVE) return 'Getting long';
  return 'Good';
}
