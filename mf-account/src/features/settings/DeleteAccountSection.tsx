import { Trash2 } from 'lucide-react';
import { Alert, Button, ConfirmDialog } from '@devcircle/ui';
import { SettingsSection } from './SettingsSection';
import { SECTIONS } from './settingsText';
import styles from './SettingsScreen.module.css';
import { useDeleteAccount } from './useDeleteAccount';

/** Delete Account, the danger zone (§2, §4 Settings): a button, then a confirm panel. */
export function DeleteAccountSection({ userId }: { userId: string }) {
  const { confirming, busy, error, ask, cancel, confirm } = useDeleteAccount(userId);
  return (
    <SettingsSection {...SECTIONS.deleteAccount} tone="danger">
      {error && <Alert tone="danger">{error}</Alert>}
      <Button
        variant="danger"
        onClick={ask}
        icon={<Trash2 size={16} aria-hidden="true" />}
        className={styles.start}
      >
        Delete Account
      </Button>
      <ConfirmDialog
        open={confirming}
        tone="danger"
        title="Delete your account?"
        message="This removes your profile, posts, comments, likes and follows. This cannot be undone."
        confirmLabel="Delete Account"
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={cancel}
      />
    </SettingsSection>
  );
}
