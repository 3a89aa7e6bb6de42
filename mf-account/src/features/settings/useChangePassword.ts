import { useState } from 'react';
import { useSdk } from '@devcircle/sdk/react';
import {
  changePassword,
  PASSWORD_FAILURE_MESSAGE,
  PASSWORD_SUCCESS_FALLBACK,
  type PasswordChange,
} from './api';
import { failureMessage } from './failureMessage';
import { validatePasswordChange } from './validatePasswordChange';

const EMPTY: PasswordChange = { currentPassword: '', newPassword: '', confirmPassword: '' };

export type PasswordOutcome = { tone: 'danger' | 'success'; text: string } | null;

/**
 * Change password (§5, §8): client checks first, then `PUT /api/users/:id/password`. Success shows the server's
 * message, clears the fields and hands the new token to the SDK (the old one is revoked); a failure shows the
 * server's message, else its first field error, else 'Failed to update password.'. Answers the field to focus
 * when the client checks fail.
 */
export function useChangePassword(userId: string) {
  const sdk = useSdk();
  const [values, setValues] = useState<PasswordChange>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<PasswordOutcome>(null);

  const change = (field: keyof PasswordChange, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setOutcome(null);
  };

  const submit = async (): Promise<keyof PasswordChange | null> => {
    if (busy) return null;
    const problem = validatePasswordChange(values);
    if (problem) {
      setOutcome({ tone: 'danger', text: problem.message });
      return problem.field;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const reply = await changePassword(sdk.api, userId, values);
      if (typeof reply?.token === 'string' && reply.token) sdk.auth.replaceToken(reply.token);
      const text =
        typeof reply?.message === 'string' && reply.message ? reply.message : PASSWORD_SUCCESS_FALLBACK;
      setValues(EMPTY);
      setOutcome({ tone: 'success', text });
    } catch (failure) {
      setOutcome({ tone: 'danger', text: failureMessage(failure, PASSWORD_FAILURE_MESSAGE) });
    } finally {
      setBusy(false);
    }
    return null;
  };

  return { values, busy, outcome, change, submit };
}
