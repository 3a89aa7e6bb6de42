import type { FormEvent } from 'react';
import { Alert, Button, PasswordField } from '@devcircle/ui';
import form from '../../components/Form.module.css';
import type { PasswordChange } from './api';
import { SettingsSection } from './SettingsSection';
import { SECTIONS } from './settingsText';
import { useChangePassword } from './useChangePassword';

const FIELDS: { name: keyof PasswordChange; label: string; autoComplete: string }[] = [
  { name: 'currentPassword', label: 'Current Password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New Password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm New Password', autoComplete: 'new-password' },
];

/** Change Password (§2 Settings, §5, §8): current, new and confirmation; the session goes on with a new token. */
export function ChangePasswordSection({ userId }: { userId: string }) {
  const { values, busy, outcome, change, submit } = useChangePassword(userId);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const invalid = await submit();
    if (invalid) formElement.querySelector<HTMLInputElement>(`[name="${invalid}"]`)?.focus();
  };

  return (
    <SettingsSection {...SECTIONS.password}>
      {/* noValidate: our own messages (§5) replace the browser's bubbles. */}
      <form className={form.form} onSubmit={onSubmit} noValidate aria-label="Change password">
        {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
        {FIELDS.map((field) => (
          <PasswordField
            key={field.name}
            label={field.label}
            name={field.name}
            autoComplete={field.autoComplete}
            value={values[field.name]}
            onChange={(event) => change(field.name, event.target.value)}
          />
        ))}
        <Button type="submit" busy={busy} className={form.submit}>
          {busy ? 'Updating Password...' : 'Update Password'}
        </Button>
      </form>
    </SettingsSection>
  );
}
