import type { FormEvent } from 'react';
import { ROUTES } from '@devcircle/contracts';
import { Alert, AppLink, Button, TextField } from '@devcircle/ui';
import { AuthCard } from '../../components/AuthCard';
import form from '../../components/Form.module.css';
import { FORGOT_SUCCESS_MESSAGE, useForgotPassword } from './useForgotPassword';

/** /forgot-password (§2 Forgot and reset password): an email (required, email type) and a submit. */
export function ForgotPasswordScreen() {
  const { email, busy, error, sent, change, submit } = useForgotPassword();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email you signed up with and we'll send you a link to choose a new password."
      footer={
        <>
          Remembered it?{' '}
          <AppLink to={ROUTES.login} className={form.link}>
            Back to sign in
          </AppLink>
        </>
      }
    >
      <form className={form.form} onSubmit={onSubmit} aria-label="Forgot password">
        {error && <Alert tone="danger">{error}</Alert>}
        {sent && <Alert tone="success">{FORGOT_SUCCESS_MESSAGE}</Alert>}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => change(event.target.value)}
          placeholder="you@example.com"
        />
        <Button type="submit" busy={busy} fullWidth className={form.submit}>
          {busy ? 'Sending...' : 'Send reset link'}
        </Button>
      </form>
    </AuthCard>
  );
}
