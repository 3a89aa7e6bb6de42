/**
 * The limits both sides enforce (product-spec §5 and §9): the services validate with them, the screens count and
 * stop with them. One number each, so a form never allows what the server refuses.
 */

/** A post's text and its code snippet, in characters after trimming. */
export const POST_CONTENT_MAX = 2000;
export const CODE_SNIPPET_MAX = 5000;
/** The post text counter's hints: 'Good' up to 1600, 'Getting long' above, 'Almost full' above 1800. */
export const POST_CONTENT_GETTING_LONG_ABOVE = 1600;
export const POST_CONTENT_ALMOST_FULL_ABOVE = 1800;

/** A comment, new or edited, in characters after trimming. */
export const COMMENT_MAX = 500;

/** Sign-up. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const PASSWORD_MIN = 6;

/** A profile. */
export const DISPLAY_NAME_MAX = 50;
export const BIO_MAX = 500;
export const SKILL_MAX = 30;

/** A search asks with at most this many characters. */
export const SEARCH_MAX = 50;

/** Page sizes: the feed's, a profile's posts', and the largest `limit` any list accepts. */
export const FEED_PAGE_SIZE = 10;
export const PROFILE_PAGE_SIZE = 8;
export const MAX_PAGE_SIZE = 50;

/** A report's text (issue 20): required with the reason "other", at most this many characters after trimming. */
export const REPORT_DETAILS_MAX = 500;
/** How many reports one member may send in an hour (docs/moderation.md). */
export const REPORTS_PER_HOUR = 10;
