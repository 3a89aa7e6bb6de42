import type { ComponentType, ReactNode } from 'react';
import type { ApiClient } from '@devcircle/sdk';
import type { RelationFlags, UserRef } from '@devcircle/contracts';
import type { Comment, Post } from '../posts/types';

/**
 * What a "More" (⋯) menu is about. Types only: the card's bundle carries none of the menu's code, which loads
 * when a menu is first opened (MoreButton).
 */
export type MoreMenuTarget =
  | { kind: 'post'; post: Post; isOwn: boolean }
  | { kind: 'comment'; postId: string; comment: Comment; isOwn: boolean }
  | {
      kind: 'profile';
      user: UserRef;
      relations: RelationFlags;
      /** The caller's block or mute of this member changed (the profile reloads or updates its flags). */
      onRelationsChange?(relations: RelationFlags): void;
    };

/** One entry of a menu. */
export interface MoreMenuItem {
  /** Unique in its menu (React key, and `data-item` for tests). */
  key: string;
  label: string;
  icon?: ComponentType<{ size?: number; 'aria-hidden'?: boolean | 'true' }>;
  tone?: 'danger';
  /** Runs when chosen; the menu has closed by then. */
  onSelect(): void;
}

/** What an item source may use: the API client, and a dialog slot that outlives the closed menu. */
export interface MoreMenuTools {
  api: ApiClient;
  /** Shows `render(close)` (a dialog) until it calls `close`. */
  openDialog(render: (close: () => void) => ReactNode): void;
  /** The signed-in member's id. */
  viewerId: string | undefined;
}

/**
 * A feature's contribution to the menus: the items it offers for a target (none when it has nothing to say).
 * Sources are listed in `sources.ts`; add yours there (one line), in the order the items should appear.
 */
export type MoreMenuSource = (target: MoreMenuTarget, tools: MoreMenuTools) => MoreMenuItem[];
