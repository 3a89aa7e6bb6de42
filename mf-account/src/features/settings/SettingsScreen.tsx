import { useAuth } from '@devcircle/sdk/react';
import { ChangePasswordSection } from './ChangePasswordSection';
import { DeleteAccountSection } from './DeleteAccountSection';
import { NotificationsSection } from './NotificationsSection';
import { PrivacySection } from './PrivacySection';
import { RelationsSection } from './RelationsSection';
import { SETTINGS_TITLE } from './settingsText';
import { SettingsSkeleton } from './SettingsSkeleton';
import styles from './SettingsScreen.module.css';

/**
 * /settings (§2 Settings): Change Password, Email Notifications, Account Privacy and Delete Account, one card
 * each in a reading column. Everything acts on the signed-in user (§6); the shell only routes signed-in users
 * here, so without one the auth state is still loading.
 */
export function SettingsScreen() {
  const { user } = useAuth();
  if (!user) return <SettingsSkeleton />;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{SETTINGS_TITLE}</h1>
      <div className={styles.sections}>
        <ChangePasswordSection key={`password:${user.id}`} userId={user.id} />
        <NotificationsSection key={`notifications:${user.id}`} userId={user.id} />
        <PrivacySection key={`privacy:${user.id}`} userId={user.id} username={user.username} />
        <RelationsSection key={`relations:${user.id}`} />
        <DeleteAccountSection key={`delete:${user.id}`} userId={user.id} />
      </div>
    </div>
  );
}
