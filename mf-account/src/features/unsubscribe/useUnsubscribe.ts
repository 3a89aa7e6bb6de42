import { useCallback, useEffect, useState } from 'react';
import { UNSUBSCRIBE_USED_MESSAGE, type UnsubscribeAnswer } from '@devcircle/contracts';
import { isApiError, type ApiClient } from '@devcircle/sdk';
import { useSdk } from '@devcircle/sdk/react';
import { errorMessage } from '../errorMessage';

export const UNSUBSCRIBE_FAILURE_MESSAGE = 'We could not unsubscribe you right now. Please try again.';

export type UnsubscribeState =
  | { kind: 'working' }
  | { kind: 'done'; message: string }
  /** The link worked before (410): nothing more to do. */
  | { kind: 'used'; message: string }
  /** `retry`: no answer or a server failure, so the link may still work. */
  | { kind: 'failed'; message: string; retry: boolean };

/**
 * One call per link at a time: a link works once, so a second mount of the screen while the call runs (React's
 * strict mode) waits for it instead of sending it again and reading "already used". Once answered, the screen
 * holds the outcome; opening the link again later asks again (and hears "already used").
 */
const calls = new Map<string, Promise<UnsubscribeAnswer>>();

function unsubscribeOnce(api: ApiClient, token: string): Promise<UnsubscribeAnswer> {
  let call = calls.get(token);
  if (!call) {
    call = api.post<UnsubscribeAnswer>(
      `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
      {},
      { fallbackMessage: UNSUBSCRIBE_FAILURE_MESSAGE },
    );
    calls.set(token, call);
    void call.then(
      () => calls.delete(token),
      () => calls.delete(token),
    );
  }
  return call;
}

const mayRetry = (failure: unknown): boolean =>
  !isApiError(failure) || failure.status === undefined || failure.status >= 500;

/** /unsubscribe?token=…: turns the e-mail kind off as soon as the page opens (no sign-in needed). */
export function useUnsubscribe(token: string) {
  const sdk = useSdk();
  const [state, setState] = useState<UnsubscribeState>({ kind: 'working' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    unsubscribeOnce(sdk.api, token).then(
      (answer) => {
        if (current) setState({ kind: 'done', message: answer.message });
      },
      (failure: unknown) => {
        const retry = mayRetry(failure);
        if (!current) return;
        if (isApiError(failure) && failure.status === 410)
          setState({ kind: 'used', message: errorMessage(failure, UNSUBSCRIBE_USED_MESSAGE) });
        else setState({ kind: 'failed', message: errorMessage(failure, UNSUBSCRIBE_FAILURE_MESSAGE), retry });
      },
    );
    return () => {
      current = false;
    };
  }, [sdk, token, attempt]);

  const tryAgain = useCallback(() => {
    setState({ kind: 'working' });
    setAttempt((count) => count + 1);
  }, []);

  return { state, tryAgain };
}
