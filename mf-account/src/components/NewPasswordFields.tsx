import { PasswordField, TextField } from '@devcircle/ui';

type Field = 'password' | 'confirmPassword';

interface NewPasswordFieldsProps {
  passwordLabel: string;
  confirmLabel: string;
  password: string;
  confirmPassword: string;
  errors: Partial<Record<Field, string>>;
  onChange: (field: Field, value: string) => void;
}

/** A new password (with the Show/Hide toggle) and its confirmation, as Register and Reset password ask for them. */
export function NewPasswordFields({
  passwordLabel,
  confirmLabel,
  password,
  confirmPassword,
  errors,
  onChange,
}: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label={passwordLabel}
        name="password"
        autoComplete="new-password"
        value={password}
        error={errors.password}
        onChange={(event) => onChange('password', event.target.value)}
      />
      <TextField
        label={confirmLabel}
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        value={confirmPassword}
        error={errors.confirmPassword}
        onChange={(event) => onChange('confirmPassword', event.target.value)}
      />
    </>
  );
}
