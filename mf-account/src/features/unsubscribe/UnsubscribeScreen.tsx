import { ROUTES, UNSUBSCRIBE_INVALID_MESSAGE } from '@devcircle/contracts';
import { Alert, AppLink, Button, buttonClassName, Spinner } from '@devcircle/ui';
import { AuthCard } from '../../components/AuthCard';
import form from '../../components/Form.module.css';
import { linkTokenFrom } from '../linkToken';
import { useUnsubscribe } from './useUnsubscribe';
import styles from './UnsubscribeScreen.module.css';

const toSettings = (
  <AppLink to={ROUTES.settings} className={buttonClassName({ fullWidth: true, variant: 'secondary' })}>
    Go to Settings
  </AppLink>
);

const settingsHint = (
  <p className={form.hint}>You can turn e-mails on or off at any time in Settings (sign in first).</p>
);

/** /unsubscribe?token=…: where a notification e-mail's unsubscribe link leads, signed in or not (issue 20). */
export function UnsubscribeScreen({ search }: { search?: string }) {
  const token = linkTokenFrom(search);
  if (!token) {
    return (
      <AuthCard title="Invalid Link" subtitle={UNSUBSCRIBE_INVALID_MESSAGE}>
        {toSettings}
      </AuthCard>
    );
  }
  return <Unsubscribing token={token} />;
}

function Unsubscribing({ token }: { token: string }) {
  const { state, tryAgain } = useUnsubscribe(token);

  if (state.kind === 'working') {
    return (
      <AuthCard title="Unsubscribing">
        <div className={styles.busy}>
          <Spinner label="Unsubscribing" />
        </div>
      </AuthCard>
    );
  }

  if (state.kind === 'done' || state.kind === 'used') {
    return (
      <AuthCard title={state.kind === 'done' ? 'Unsubscribed' : 'Link already used'} focusTitle>
        <div className={form.form}>
          <Alert tone={state.kind === 'done' ? 'success' : 'info'}>{state.message}</Alert>
          {settingsHint}
          {toSettings}
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="We could not unsubscribe you" focusTitle>
      <div className={form.form}>
        <Alert tone="danger">{state.message}</Alert>
        {state.retry ? (
          <Button fullWidth onClick={tryAgain}>
            Try again
          </Button>
        ) : (
          toSettings
        )}
      </div>
    </AuthCard>
  );
}
