import { POST_CONTENT_ALMOST_FULL_ABOVE, POST_CONTENT_GETTING_LONG_ABOVE } from '@devcircle/contracts';

/** The hint beside the post text counter: 'Good' up to 1600, 'Getting long' above, 'Almost full' above 1800. */
export function contentLengthHint(length: number): 'Good' | 'Getting long' | 'Almost full' {
  if (length > POST_CONTENT_ALMOST_FULL_ABOVE) return 'Almost full';
  if (length > POST_CONTENT_GETTING_LONG_ABOVE) return 'Getting long';
  return 'Good';
}
