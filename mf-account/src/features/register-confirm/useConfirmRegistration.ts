import { useCallback, useEffect, useState } from 'react';
import { ROUTES } from '@devcircle/contracts';
import { isApiError, type DevCircleSdk, type SessionUser } from '@devcircle/sdk';
import { useSdk } from '@devcircle/sdk/react';
import { errorMessage } from '../errorMessage';

export const CONFIRM_FAILURE_MESSAGE = 'Registration failed';

export type ConfirmState =
  | { kind: 'confirming' }
  /** `retry`: the link may still work (no answer, or the server failed), so trying again makes sense. */
  | { kind: 'failed'; message: string; retry: boolean };

/**
 * One confirmation per link and page: a link is used up by its first confirmation, so a second mount of the
 * screen (React's strict mode, the shell re-rendering the parcel) must wait for the first, not send it again.
 */
const confirmations = new Map<string, Promise<SessionUser>>();

function confirmOnce(sdk: DevCircleSdk, token: string): Promise<SessionUser> {
  let confirmation = confirmations.get(token);
  if (!confirmation) {
    confirmation = sdk.auth.confirmRegistration(token);
    confirmations.set(token, confirmation);
  }
  return confirmation;
}

/** Whether a failure leaves the link unused: no answer at all, or the server failed (auth gives the link back). */
const mayRetry = (failure: unknown): boolean =>
  !isApiError(failure) || failure.status === undefined || failure.status >= 500;

/**
 * /register/confirm?token=…: confirms the mailed link as soon as the screen opens. Success is what a registration
 * used to be (§2 Register, §4 Auth): the session is signed in by the SDK (token, user, no ping), then /feed.
 * A failure shows the server's message, else 'Registration failed' (§8).
 */
export function useConfirmRegistration(token: string) {
  const sdk = useSdk();
  const [state, setState] = useState<ConfirmState>({ kind: 'confirming' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    confirmOnce(sdk, token).then(
      // As a registration always did, also when the shell has already left this screen (it does once signed in).
      () => sdk.navigation.navigate(ROUTES.feed),
      (failure: unknown) => {
        const retry = mayRetry(failure);
        if (retry) confirmations.delete(token);
        if (current) {
          setState({ kind: 'failed', message: errorMessage(failure, CONFIRM_FAILURE_MESSAGE), retry });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [sdk, token, attempt]);

  const tryAgain = useCallback(() => {
    setState({ kind: 'confirming' });
    setAttempt((count) => count + 1);
  }, []);

  return { state, tryAgain };
}
