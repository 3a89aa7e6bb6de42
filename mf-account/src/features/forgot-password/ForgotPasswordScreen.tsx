import type { FormEvent } from 'react';
import { AppLink } from '@devcircle/ui';
import { AuthCard } from '../../components/AuthCard';
import { Banner } from '../../components/Banner';
import { Notice } from '../../components/Notice';
import { SubmitButton } from '../../components/SubmitButton';
import { TextField } from '../../components/TextField';
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
          <AppLink to="/login" className={form.link}>
            Back to sign in
          </AppLink>
        </>
      }
    >
      <form className={form.form} onSubmit={onSubmit} aria-label="Forgot password">
        {error && <Banner message={error} />}
        {sent && <Notice message={FORGOT_SUCCESS_MESSAGE} />}
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
        <SubmitButton busy={busy} busyLabel="Sending...">
          Send reset link
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
