import { PASSWORD_MIN } from '@devcircle/contracts';
import type { PasswordChange } from './api';

export interface PasswordChangeProblem {
  field: keyof PasswordChange;
  message: string;
}

/** §5 Change password, checked in this order; answers the first problem, or null when the form may be sent. */
export function validatePasswordChange(values: PasswordChange): PasswordChangeProblem | null {
  const empty = (['currentPassword', 'newPassword', 'confirmPassword'] as const).find(
    (field) => !values[field],
  );
  if (empty) return { field: empty, message: 'All fields are required.' };
  if (values.newPassword.length < PASSWORD_MIN) {
    return { field: 'newPassword', message: `New password must be at least ${PASSWORD_MIN} characters.` };
  }
  if (values.confirmPassword !== values.newPassword) {
    return { field: 'confirmPassword', message: 'New passwords do not match.' };
  }
  return null;
}
