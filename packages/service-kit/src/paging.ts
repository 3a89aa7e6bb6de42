import { MAX_PAGE_SIZE } from '@devcircle/contracts';
import { Joi } from './validation';

/**
 * The query fields of paged lists, with one set of messages for every service: `page` (by number), `limit` (at
 * most the contracts' MAX_PAGE_SIZE) and ids given as cursors (`before`) or in paths.
 */

/** 24 hex digits; the message names the field: `before must be 24 hexadecimal characters`. */
export const objectIdString = (label: string) =>
  Joi.string()
    .hex()
    .length(24)
    .messages({ '*': `${label} must be 24 hexadecimal characters` });

/** No default: a list that pages by cursor too (`oxor('page', 'before')`) would take a defaulted page as given. */
export const pageField = Joi.number()
  .integer()
  .min(1)
  .messages({ '*': 'page must be a whole number of at least 1' });

export const limitField = (fallback: number) =>
  Joi.number()
    .integer()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(fallback)
    .messages({ '*': `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` });

/** Pages by number: `skip` `(page - 1) * limit`, then `limit`. */
export interface PageQuery {
  page: number;
  limit: number;
}

export const pageQuery = (fallback: number) =>
  Joi.object<PageQuery>({ page: pageField.default(1), limit: limitField(fallback) });

export function pageCount(total: number, limit: number): number {
  return Math.ceil(total / limit);
}
