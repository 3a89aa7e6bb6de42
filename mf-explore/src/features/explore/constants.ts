/** Explore's timings and limits (product-spec §4 and §9). */
export const SEARCH_DEBOUNCE_MS = 500;
export const LOADING_LINGER_MS = 1000;

/** How long explore waits: the spec's in the product; a component test may shorten them (never the e2e). */
export interface ExploreTimings {
  /** Quiet time after the last key before the term is searched. */
  debounceMs: number;
  /** The least time the loading view stays once it shows. */
  lingerMs: number;
}
export const EXPLORE_TIMINGS: ExploreTimings = {
  debounceMs: SEARCH_DEBOUNCE_MS,
  lingerMs: LOADING_LINGER_MS,
};
export const CARD_SKILL_LIMIT = 8;
/** Phones: below the 768 px mobile breakpoint. */
export const PHONE_QUERY = '(max-width: 767.98px)';
