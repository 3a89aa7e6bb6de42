import { SettingsSection } from './SettingsSection';
import { Switch } from './Switch';
import { NOTIFICATION_SWITCHES, SECTIONS } from './settingsText';
import { useNotificationPreferences } from './useNotificationPreferences';

/** Email Notifications (§2 Settings, §3): followers, comments, messages; kept in this browser only. */
export function NotificationsSection({ userId }: { userId: string }) {
  const { preferences, set } = useNotificationPreferences(userId);
  return (
    <SettingsSection {...SECTIONS.notifications}>
      {NOTIFICATION_SWITCHES.map(({ key, label, hint }) => (
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
