import { Joi } from '@devcircle/service-kit';

export const DEFAULT_PAGE_SIZE = 10;
export const DEFAULT_COMMENTS_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 50;

export const objectIdString = (label: string) =>
  Joi.string()
    .hex()
    .length(24)
    .messages({ '*': `${label} must be 24 hexadecimal characters` });

/** No default: the feed's `oxor('page', 'before')` would take a defaulted page for one that was given. */
export const pageField = Joi.number().integer().min(1);
export const limitField = (fallback: number) =>
  Joi.number().integer().min(1).max(MAX_PAGE_SIZE).default(fallback);

/** Pages by number, `skip` then `limit`. */
export interface PageQuery {
  page: number;
  limit: number;
}

export const pageQuery = Joi.object<PageQuery>({
  page: pageField.default(1),
  limit: limitField(DEFAULT_PAGE_SIZE),
});

export function pageCount(total: number, limit: number): number {
  return Math.ceil(total / limit);
}
