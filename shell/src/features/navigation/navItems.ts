import {
  Bookmark,
  Compass,
  House,
  MessageSquare,
  Settings,
  SquarePlus,
  User,
  type LucideIcon,
} from 'lucide-react';
import { ROUTES } from '@devcircle/contracts';

export interface NavItem {
  /** Accessible name and visible label. */
  label: string;
  to: string;
  icon: LucideIcon;
}

/**
 * The left icon rail on large screens (§2 Navigation): Home, Explore, Post, Profile, Messages, Settings; and,
 * after Profile, the member's Bookmarks (issue 19).
 */
export function railItems(username: string): NavItem[] {
  return [
    { label: 'Home', to: ROUTES.feed, icon: House },
    { label: 'Explore', to: ROUTES.explore, icon: Compass },
    { label: 'Post', to: ROUTES.createPost, icon: SquarePlus },
    { label: 'Profile', to: ROUTES.profile(username), icon: User },
    { label: 'Bookmarks', to: ROUTES.bookmarks, icon: Bookmark },
    { label: 'Messages', to: ROUTES.messages, icon: MessageSquare },
    { label: 'Settings', to: ROUTES.settings, icon: Settings },
  ];
}

/** The bottom tab bar on small screens; the fifth tab (profile) shows the user's initial instead of an icon. */
export const TAB_ITEMS: NavItem[] = [
  { label: 'Home', to: ROUTES.feed, icon: House },
  { label: 'Explore', to: ROUTES.explore, icon: Compass },
  { label: 'Post', to: ROUTES.createPost, icon: SquarePlus },
  { label: 'Messages', to: ROUTES.messages, icon: MessageSquare },
];
