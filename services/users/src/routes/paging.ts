import { Joi } from '@devcircle/service-kit';

export const MAX_PAGE_SIZE = 50;
export const DEFAULT_POSTS_PAGE_SIZE = 8;
export const DEFAULT_FOLLOWS_PAGE_SIZE = 20;
/** How many followers / following a profile answer embeds when asked. */
export const EMBEDDED_FOLLOWS = 50;

export const pageField = Joi.number()
  .integer()
  .min(1)
  .default(1)
  .messages({ '*': 'page must be a whole number of at least 1' });

export const limitField = (fallback: number) =>
  Joi.number()
    .integer()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(fallback)
    .messages({ '*': `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` });

export interface PageQuery {
  page: number;
  limit: number;
}

export const pageQuery = (fallback: number) =>
  Joi.object<PageQuery>({ page: pageField, limit: limitField(fallback) });
