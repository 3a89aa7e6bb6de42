import type { AppNotificationGroup } from '@devcircle/sdk';

/**
 * The id before every id: an empty list asks the server for everything it holds, which is exactly what was made
 * since the list was read (it was empty then), so the page never needs a second read of the list.
 */
export const BEFORE_ANY_ID = '000000000000000000000000';

/**
 * Where the socket's handshake asks the server to catch up from (read at every handshake): the newest notification
 * _id the groups hold (each group's `latestId`; ObjectIds grow with time), or the id before every id when none.
 */
export function catchUpFrom(groups: readonly AppNotificationGroup[]): string {
  let newest = BEFORE_ANY_ID;
  for (const { latestId } of groups) if (latestId > newest) newest = latestId;
  return newest;
}
