import { ApiError } from '@devcircle/sdk';

/** The text to show for a failed call: the server's (or the call's fallback) message, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
