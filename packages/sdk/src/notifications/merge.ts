import type { AppNotification, NotificationsState } from '../types';

/** A pushed notification merged into a newest-first list: the item with its _id is replaced, else it goes on top. */
export function withReceived(
  items: readonly AppNotification[],
  received: AppNotification,
): AppNotification[] {
  const index = items.findIndex((item) => item._id === received._id);
  if (index === -1) return [received, ...items];
  return items.map((item, position) => (position === index ? received : item));
}

/** An older page appended below `items`, without the _ids already held (a push may have brought them). */
export function withOlderPage(
  items: readonly AppNotification[],
  page: readonly AppNotification[],
): AppNotification[] {
  const held = new Set(items.map((item) => item._id));
  return [...items, ...page.filter((item) => !held.has(item._id))];
}

/**
 * The list a first page answers for, keeping what was pushed while the request was in flight: pushes the answer
 * does not hold (they happened after the server read the page) stay on top, newest push first; for an _id in
 * both, the answer's copy is kept (it is the server's).
 */
export function withLoadedPage(
  page: readonly AppNotification[],
  pushedDuringLoad: readonly AppNotification[],
): AppNotification[] {
  let pushed: AppNotification[] = [];
  for (const notification of pushedDuringLoad) pushed = withReceived(pushed, notification);
  const answered = new Set(page.map((item) => item._id));
  return [...pushed.filter((item) => !answered.has(item._id)), ...page];
}

/**
 * Changes made elsewhere: items up to `readUpTo` are read, items up to `clearedUpTo` are gone, and so are the
 * `removed` ones (their post or comment was deleted).
 */
export interface Watermarks {
  readUpTo?: string;
  clearedUpTo?: string;
  removed?: ReadonlySet<string>;
}

/** The later of two ids (ObjectIds as hex grow with time). */
export function later(a: string | undefined, b: string): string {
  return a !== undefined && a > b ? a : b;
}

/** `state` with the watermarks applied; the same object when they change nothing. */
export function withWatermarks(
  state: NotificationsState,
  { readUpTo, clearedUpTo, removed }: Watermarks,
): NotificationsState {
  if (readUpTo === undefined && clearedUpTo === undefined && !removed) return state;
  const cleared = (item: AppNotification) =>
    (clearedUpTo !== undefined && item._id <= clearedUpTo) || removed?.has(item._id) === true;
  const readNow = (item: AppNotification) => !item.read && readUpTo !== undefined && item._id <= readUpTo;
  if (!state.items.some((item) => cleared(item) || readNow(item))) return state;
  const items = state.items
    .filter((item) => !cleared(item))
    .map((item) => (readNow(item) ? { ...item, read: true } : item));
  return Object.freeze({ ...state, items });
}
