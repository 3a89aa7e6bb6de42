import type { FormEvent } from 'react';
import { ROUTES } from '@devcircle/contracts';
import { Alert, AppLink, Button, TextField } from '@devcircle/ui';
import { AuthCard } from '../../components/AuthCard';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import form from '../../components/Form.module.css';
import { CheckInbox } from './CheckInbox';
import { useRegister } from './useRegister';

/**
 * /register: username, email, password and its confirmation (§2 Register); once sent, "check your inbox" until
 * the person opens the mailed link (/register/confirm).
 */
export function RegisterScreen() {
  const { values, fieldErrors, error, busy, pending, backToEmail, change, submit, startOver } = useRegister();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const invalid = await submit();
    // Keyboard and screen-reader users land on the first field to fix.
    if (invalid) formElement.querySelector<HTMLInputElement>(`[name="${invalid}"]`)?.focus();
  };

  if (pending) return <CheckInbox pending={pending} onStartOver={startOver} />;

  return (
    <AuthCard
      title="Create your account"
      subtitle="Join developers sharing code and learning from each other."
      footer={
        <>
          Already have an account?{' '}
          <AppLink to={ROUTES.login} className={form.link}>
            Sign in
          </AppLink>
        </>
      }
    >
      {/* noValidate: our own messages (§5) replace the browser's bubbles. */}
      <form className={form.form} onSubmit={onSubmit} noValidate aria-label="Create account">
        {error && <Alert tone="danger">{error}</Alert>}
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={values.username}
          error={fieldErrors.username}
          onChange={(event) => change('username', event.target.value)}
        />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          // Only when the person came back from "check your inbox" to change the address.
          autoFocus={backToEmail}
          value={values.email}
          error={fieldErrors.email}
          onChange={(event) => change('email', event.target.value)}
          placeholder="you@example.com"
        />
        <NewPasswordFields
          passwordLabel="Password"
          confirmLabel="Confirm password"
          password={values.password}
          confirmPassword={values.confirmPassword}
          errors={fieldErrors}
          onChange={change}
        />
        <Button type="submit" busy={busy} fullWidth className={form.submit}>
          {busy ? 'Creating account...' : 'Create Account'}
        </Button>
      </form>
    </AuthCard>
  );
}
