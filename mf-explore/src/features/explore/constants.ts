/** Explore's timings and limits (product-spec §4 and §9). */
export const SEARCH_DEBOUNCE_MS = 500;
export const LOADING_LINGER_MS = 1000;
export const CARD_SKILL_LIMIT = 8;
/** Phones: below the 768 px mobile breakpoint. */
export const PHONE_QUERY = '(max-width: 767.98px)';
