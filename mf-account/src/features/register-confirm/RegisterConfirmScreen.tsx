import { ROUTES } from '@devcircle/contracts';
import { Alert, AppLink, Button, buttonClassName, Spinner } from '@devcircle/ui';
import { AuthCard } from '../../components/AuthCard';
import form from '../../components/Form.module.css';
import { linkTokenFrom } from '../linkToken';
import { useConfirmRegistration } from './useConfirmRegistration';
import styles from './RegisterConfirmScreen.module.css';

const signIn = (
  <>
    Already have an account?{' '}
    <AppLink to={ROUTES.login} className={form.link}>
      Sign in
    </AppLink>
  </>
);

const registerAgain = (
  <AppLink to={ROUTES.register} className={buttonClassName({ fullWidth: true })}>
    Register again
  </AppLink>
);

/** /register/confirm?token=…: where the registration mail's link leads. */
export function RegisterConfirmScreen({ search }: { search?: string }) {
  const token = linkTokenFrom(search);
  if (!token) {
    return (
      <AuthCard title="Invalid Link" subtitle="This link is invalid or has expired." footer={signIn}>
        {registerAgain}
      </AuthCard>
    );
  }
  return <Confirmation token={token} />;
}

function Confirmation({ token }: { token: string }) {
  const { state, tryAgain } = useConfirmRegistration(token);

  if (state.kind === 'confirming') {
    return (
      <AuthCard title="Finishing your account">
        <div className={styles.busy}>
          <Spinner label="Creating your account" />
          <p className={form.hint} aria-hidden="true">
            Creating your account...
          </p>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="We could not finish your account" focusTitle footer={signIn}>
      <div className={form.form}>
        <Alert tone="danger">{state.message}</Alert>
        {state.retry ? (
          <Button fullWidth onClick={tryAgain}>
            Try again
          </Button>
        ) : (
          registerAgain
        )}
      </div>
    </AuthCard>
  );
}
