import { Compass, House, MessageSquare, Settings, SquarePlus, User, type LucideIcon } from 'lucide-react';

export interface NavItem {
  /** Accessible name and visible label. */
  label: string;
  to: string;
  icon: LucideIcon;
}

/** The signed-in user's profile path. */
export const profilePath = (username: string) => `/profile/${encodeURIComponent(username)}`;

/** The left icon rail on large screens (§2 Navigation): Home, Explore, Post, Profile, Messages, Settings. */
export function railItems(username: string): NavItem[] {
  return [
    { label: 'Home', to: '/feed', icon: House },
    { label: 'Explore', to: '/explore', icon: Compass },
    { label: 'Post', to: '/create-post', icon: SquarePlus },
    { label: 'Profile', to: profilePath(username), icon: User },
    { label: 'Messages', to: '/messages', icon: MessageSquare },
    { label: 'Settings', to: '/settings', icon: Settings },
  ];
}

/** The bottom tab bar on small screens; the fifth tab (profile) shows the user's initial instead of an icon. */
export const TAB_ITEMS: NavItem[] = [
  { label: 'Home', to: '/feed', icon: House },
  { label: 'Explore', to: '/explore', icon: Compass },
  { label: 'Post', to: '/create-post', icon: SquarePlus },
  { label: 'Messages', to: '/messages', icon: MessageSquare },
];
