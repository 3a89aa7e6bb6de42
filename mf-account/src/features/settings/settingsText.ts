import { PASSWORD_MIN } from '@devcircle/contracts';
import type { NotificationPreferences } from './notificationPreferences';

/** The settings screen's words, shared by its sections and the skeleton shown while its code loads. */
export const SETTINGS_TITLE = 'Settings';

export const SECTIONS = {
  password: {
    title: 'Change Password',
    description: `Use at least ${PASSWORD_MIN} characters. You stay signed in here.`,
  },
  notifications: {
    title: 'Email Notifications',
    description:
      'New followers and comments are e-mailed at most once every 15 minutes, with everything new since the last one. The Messages switch is kept in this browser.',
  },
  privacy: { title: 'Account Privacy', description: 'Choose who can see your profile.' },
  deleteAccount: {
    title: 'Delete Account',
    description: 'Permanently remove your account and everything you have shared on DevCircle.',
  },
} as const;

export const NOTIFICATION_SWITCHES: { key: keyof NotificationPreferences; label: string; hint: string }[] = [
  { key: 'followers', label: 'New followers', hint: 'When someone starts following you.' },
  { key: 'comments', label: 'Comments', hint: 'When someone comments on your posts.' },
  { key: 'messages', label: 'Messages', hint: 'When someone sends you a message.' },
];

export const PRIVACY_SWITCH = {
  label: 'Private account',
  hint: 'Private: only you and your followers see your posts and metrics.',
  stateLabels: { on: 'Private', off: 'Public' },
};
