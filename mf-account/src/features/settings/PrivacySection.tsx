import { Alert, Button, Spinner } from '@devcircle/ui';
import { SettingsSection } from './SettingsSection';
import styles from './SettingsScreen.module.css';
import { Switch } from './Switch';
import { usePrivacy } from './usePrivacy';

const HINT = 'Private: only you and your followers see your posts and metrics.';

/** Account Privacy (§2, §4 Settings): one switch between Public and Private. */
export function PrivacySection({ userId, username }: { userId: string; username: string }) {
  const { state, toggle, retry } = usePrivacy(userId, username);
  return (
    <SettingsSection title="Account Privacy" description="Choose who can see your profile.">
      {state.status === 'loading' && <Spinner label="Loading your privacy setting" size={24} />}
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
            label="Private account"
            hint={HINT}
            checked={state.isPrivate}
            stateLabels={{ on: 'Private', off: 'Public' }}
            busy={state.saving}
            onChange={(value) => void toggle(value)}
          />
          {state.error && <Alert tone="danger">{state.error}</Alert>}
        </>
      )}
    </SettingsSection>
  );
}
