import { Alert } from '@devcircle/ui';
import { SettingsSection } from './SettingsSection';
import { Switch } from './Switch';
import { NOTIFICATION_SWITCHES, SECTIONS } from './settingsText';
import { useNotificationPreferences } from './useNotificationPreferences';

/**
 * Email Notifications (§2 Settings, §3): followers, comments, messages, shown at once; followers and comments are
 * saved on the server, which e-mails them (issue 20, docs/email.md).
 */
export function NotificationsSection({ userId }: { userId: string }) {
  const { preferences, error, set } = useNotificationPreferences(userId);
  return (
    <SettingsSection {...SECTIONS.notifications}>
      {NOTIFICATION_SWITCHES.map(({ key, label, hint }) => (
        <Switch
          key={key}
          label={label}
          hint={hint}
          checked={preferences[key]}
          onChange={(value) => void set(key, value)}
        />
      ))}
      {error && <Alert tone="danger">{error}</Alert>}
    </SettingsSection>
  );
}
