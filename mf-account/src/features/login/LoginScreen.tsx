import type { FormEvent } from 'react';
import { ROUTES } from '@devcircle/contracts';
import { Alert, AppLink, Button, PasswordField, TextField } from '@devcircle/ui';
import { AuthCard } from '../../components/AuthCard';
import form from '../../components/Form.module.css';
import { useLogin } from './useLogin';

/** /login: email and password (§2 Login); both required, the browser checks the email's form (§5). */
export function LoginScreen() {
  const { values, busy, error, change, submit } = useLogin();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Sign in to your DevCircle account."
      footer={
        <>
          New to DevCircle?{' '}
          <AppLink to={ROUTES.register} className={form.link}>
            Create account
          </AppLink>
        </>
      }
    >
      <form className={form.form} onSubmit={onSubmit} aria-label="Sign in">
        {error && <Alert tone="danger">{error}</Alert>}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={(event) => change('email', event.target.value)}
          placeholder="you@example.com"
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={values.password}
          onChange={(event) => change('password', event.target.value)}
          labelAside={
            <AppLink to={ROUTES.forgotPassword} className={`${form.link} ${form.smallLink}`}>
              Forgot password?
            </AppLink>
          }
        />
        <Button type="submit" busy={busy} fullWidth className={form.submit}>
          {busy ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
    </AuthCard>
  );
}
