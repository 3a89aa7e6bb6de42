import { useSyncExternalStore } from 'react';
import type { RelationKind } from '@devcircle/contracts';

/**
 * Members the viewer has just blocked or muted in this page's life: their cards and comments vanish from every
 * list at once, before any list reloads (the server leaves them out of what it sends from then on). Tiny on
 * purpose: the card's bundle carries it.
 */
export interface HiddenAuthor {
  kind: RelationKind;
  username: string;
  /** The post whose menu did it: that card shows the status line with Undo in its place. */
  atPost?: string;
}

const hidden = new Map<string, HiddenAuthor>();
const listeners = new Set<() => void>();
let version = 0;

function changed(): void {
  version++;
  for (const listener of listeners) listener();
}

export function hideAuthor(authorId: string, entry: HiddenAuthor): void {
  hidden.set(authorId, entry);
  changed();
}

export function showAuthor(authorId: string): void {
  if (hidden.delete(authorId)) changed();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether (and how) `authorId` is hidden; re-renders when that changes. */
export function useHiddenAuthor(authorId: string): HiddenAuthor | undefined {
  useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
  return hidden.get(authorId);
}
