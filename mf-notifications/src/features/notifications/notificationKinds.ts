import { AtSign, Bell, Flag, Heart, MessageCircle, UserPlus, type LucideIcon } from 'lucide-react';
import type { NotificationType } from '@devcircle/sdk';

/** How one type of notification reads and looks (product-spec §2: icons by type). */
export interface NotificationKind {
  /** What the sender did, after their name: 'liked your post'. */
  action: string;
  /** Words before the name, for the notifications not about something the sender did (a report's outcome). */
  lead?: string;
  Icon: LucideIcon;
  /** The icon's accessible name. */
  label: string;
  /** The CSS Modules class with the type's colour (NotificationItem.module.css). */
  tone: NotificationType;
}

function report(outcome: string): NotificationKind {
  return {
    lead: 'Your report about',
    action: `was reviewed: ${outcome}`,
    Icon: Flag,
    label: 'Report reviewed',
    tone: 'other',
  };
}

const KINDS: Record<NotificationType, NotificationKind> = {
  like: { action: 'liked your post', Icon: Heart, label: 'Like', tone: 'like' },
  comment: { action: 'commented on your post', Icon: MessageCircle, label: 'Comment', tone: 'comment' },
  follow: { action: 'started following you', Icon: UserPlus, label: 'Follow', tone: 'follow' },
  mention: { action: 'mentioned you', Icon: AtSign, label: 'Mention', tone: 'mention' },
  other: { action: 'sent you a notification', Icon: Bell, label: 'Notification', tone: 'other' },
  // A moderator's decision on the reader's report (issue 20): "Your report about Alice was reviewed: …".
  report_removed: report('content removed'),
  report_suspended: report('account suspended'),
  report_dismissed: report('no action taken'),
};

/** The kind of a notification's type; a type this screen does not know yet reads as 'other'. */
export function notificationKind(type: string): NotificationKind {
  return Object.hasOwn(KINDS, type) ? KINDS[type as NotificationType] : KINDS.other;
}
