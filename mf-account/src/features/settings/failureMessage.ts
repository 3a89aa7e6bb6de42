import { isApiError } from '@devcircle/sdk';
import { errorMessage } from '../errorMessage';

/**
 * §8 for the settings calls: the server's message, else the first field error the server listed (with an
 * optional prefix, e.g. 'Validation: '), else `fallback`. The SDK's error carries `fallback` as its message when
 * the server sent none, so a message equal to it means "no server message".
 */
export function failureMessage(error: unknown, fallback: string, fieldErrorPrefix = ''): string {
  const message = errorMessage(error, fallback);
  if (message !== fallback || !isApiError(error)) return message;
  const firstFieldError = error.errors?.find((entry) => entry.message.trim())?.message;
  return firstFieldError ? `${fieldErrorPrefix}${firstFieldError}` : fallback;
}
