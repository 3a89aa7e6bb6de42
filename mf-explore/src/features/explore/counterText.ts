import type { UserQuery } from './types';

/** 'N developer(s) found', plus ' matching "term"' and/or ' with skill "skill"' (product-spec §2, verbatim). */
export function counterText(count: number, { search, skill }: UserQuery): string {
  let text = `${count} developer(s) found`;
  if (search) text += ` matching "${search}"`;
  if (skill) text += ` with skill "${skill}"`;
  return text;
}
