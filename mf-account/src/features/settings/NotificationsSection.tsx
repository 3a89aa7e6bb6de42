import { SettingsSection } from './SettingsSection';
import { Switch } from './Switch';
import type { NotificationPreferences } from './notificationPreferences';
import { useNotificationPreferences } from './useNotificationPreferences';

const SWITCHES: { key: keyof NotificationPreferences; label: string; hint: string }[] = [
  { key: 'followers', label: 'New followers', hint: 'When someone starts following you.' },
  { key: 'comments', label: 'Comments', hint: 'When someone comments on your posts.' },
  { key: 'messages', label: 'Messages', hint: 'When someone sends you a message.' },
];

/** Email Notifications (§2 Settings, §3): followers, comments, messages; kept in this browser only. */
export function NotificationsSection({ userId }: { userId: string }) {
  const { preferences, set } = useNotificationPreferences(userId);
  return (
    <SettingsSection
      title="Email Notifications"
      description="Saved in this browser for your account, so they stay as you left them after a reload."
    >
      {SWITCHES.map(({ key, label, hint }) => (
        <Switch
          key={key}
          label={label}
          hint={hint}
          checked={preferences[key]}
          onChange={(value) => set(key, value)}
        />
      ))}
    </SettingsSection>
  );
}
