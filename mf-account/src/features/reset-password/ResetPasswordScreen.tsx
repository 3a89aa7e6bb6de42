import type { FormEvent } from 'react';
import { PASSWORD_MIN, ROUTES } from '@devcircle/contracts';
import { Alert, AppLink, Button, buttonClassName } from '@devcircle/ui';
import { AuthCard } from '../../components/AuthCard';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import form from '../../components/Form.module.css';
import { linkTokenFrom } from '../linkToken';
import { useResetPassword } from './useResetPassword';

const requestNewLink = (
  <>
    Link not working?{' '}
    <AppLink to={ROUTES.forgotPassword} className={form.link}>
      Request a new link
    </AppLink>
  </>
);

const backToSignIn = (
  <AppLink to={ROUTES.login} className={form.link}>
    Back to sign in
  </AppLink>
);

/** /reset-password?token=… (§2 Forgot and reset password). */
export function ResetPasswordScreen({ search }: { search?: string }) {
  const token = linkTokenFrom(search);
  if (!token) {
    return (
      <AuthCard title="Invalid Link" subtitle="Reset token is missing or invalid." footer={backToSignIn}>
        <AppLink to={ROUTES.forgotPassword} className={buttonClassName({ fullWidth: true })}>
          Request a new link
        </AppLink>
      </AuthCard>
    );
  }
  return <ResetPasswordForm token={token} />;
}

function ResetPasswordForm({ token }: { token: string }) {
  const { values, fieldErrors, error, success, busy, change, submit } = useResetPassword(token);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const invalid = await submit();
    if (invalid) formElement.querySelector<HTMLInputElement>(`[name="${invalid}"]`)?.focus();
  };

  if (success) {
    return (
      <AuthCard title="Password reset">
        <div className={form.form}>
          <Alert tone="success">{success}</Alert>
          <p className={form.hint}>Taking you to sign in...</p>
          <AppLink to={ROUTES.login} className={buttonClassName({ fullWidth: true })}>
            Sign in now
          </AppLink>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Choose a new password"
      subtitle={`Pick a password of at least ${PASSWORD_MIN} characters.`}
      footer={requestNewLink}
    >
      {/* noValidate: our own messages (§5) replace the browser's bubbles. */}
      <form className={form.form} onSubmit={onSubmit} noValidate aria-label="Reset password">
        {error && <Alert tone="danger">{error}</Alert>}
        <NewPasswordFields
          passwordLabel="New password"
          confirmLabel="Confirm new password"
          password={values.password}
          confirmPassword={values.confirmPassword}
          errors={fieldErrors}
          onChange={change}
        />
        <Button type="submit" busy={busy} fullWidth className={form.submit}>
          {busy ? 'Resetting password...' : 'Reset password'}
        </Button>
      </form>
    </AuthCard>
  );
}
