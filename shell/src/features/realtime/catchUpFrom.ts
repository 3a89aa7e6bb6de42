import type { AppNotification } from '@devcircle/sdk';

/**
 * The id before every id: an empty list asks the server for everything it holds, which is exactly what was made
 * since the list was read (it was empty then), so the page never needs a second read of the list.
 */
export const BEFORE_ANY_ID = '000000000000000000000000';

/**
 * Where the socket's handshake asks the server to catch up from (read at every handshake): the newest _id the
 * page holds (ObjectIds grow with time), or the id before every id when it holds nothing.
 */
export function catchUpFrom(items: readonly AppNotification[]): string {
  let newest = BEFORE_ANY_ID;
  for (const { _id } of items) if (_id > newest) newest = _id;
  return newest;
}
