import { Alert, Button } from '@devcircle/ui';
import { SettingsSection } from './SettingsSection';
import styles from './SettingsScreen.module.css';
import { PRIVACY_SWITCH, SECTIONS } from './settingsText';
import { Switch, SwitchPlaceholder } from './Switch';
import { usePrivacy } from './usePrivacy';

/** Account Privacy (§2, §4 Settings): one switch between Public and Private. */
export function PrivacySection({ userId, username }: { userId: string; username: string }) {
  const { state, toggle, retry } = usePrivacy(userId, username);
  return (
    <SettingsSection {...SECTIONS.privacy}>
      {/* The switch's own row with its words, the control's place kept: nothing below moves when it loads. */}
      {state.status === 'loading' && (
        <SwitchPlaceholder {...PRIVACY_SWITCH} status="Loading your privacy setting" />
      )}
      {state.status === 'failed' && (
        <div className={styles.stack}>
          <Alert tone="danger">{state.message}</Alert>
          <Button variant="secondary" onClick={() => void retry()} className={styles.start}>
            Try again
          </Button>
        </div>
      )}
      {state.status === 'ready' && (
        <>
          <Switch
            {...PRIVACY_SWITCH}
            checked={state.isPrivate}
            busy={state.saving}
            onChange={(value) => void toggle(value)}
          />
          {state.error && <Alert tone="danger">{state.error}</Alert>}
        </>
      )}
    </SettingsSection>
  );
}
