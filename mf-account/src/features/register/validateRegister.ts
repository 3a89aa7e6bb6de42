import { PASSWORD_MIN, USERNAME_MIN } from '@devcircle/contracts';

export interface RegisterValues {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export type RegisterErrors = Partial<Record<keyof RegisterValues, string>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** §5 Register: the first failing rule of each field, with the spec's exact messages. */
export function validateRegister(values: RegisterValues): RegisterErrors {
  const errors: RegisterErrors = {};
  const username = values.username.trim();
  if (!username) errors.username = 'Username is required';
  else if (username.length < USERNAME_MIN)
    errors.username = `Username must be at least ${USERNAME_MIN} characters`;

  const email = values.email.trim();
  if (!email) errors.email = 'Email is required';
  else if (!EMAIL_PATTERN.test(email)) errors.email = 'Please enter a valid email';

  if (!values.password) errors.password = 'Password is required';
  else if (values.password.length < PASSWORD_MIN)
    errors.password = `Password must be at least ${PASSWORD_MIN} characters`;

  if (values.confirmPassword !== values.password) errors.confirmPassword = 'Passwords do not match';
  return errors;
}
