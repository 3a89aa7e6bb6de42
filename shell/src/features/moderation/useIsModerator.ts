import { useEffect, useState } from 'react';
import type { ModeratorStatus } from '@devcircle/contracts';
import { useSdk } from '@devcircle/sdk/react';

// Asked once per member and page load: whether someone moderates changes only with the server's configuration.
const asked = new Map<string, Promise<boolean>>();

/**
 * Whether the signed-in member is one MODERATORS names (issue 20): the rail and the phone's avatar menu then offer
 * Moderation. False until the server answers, and when it cannot (the entry simply does not show).
 */
export function useIsModerator(userId: string): boolean {
  const { api } = useSdk();
  const [moderator, setModerator] = useState(false);
  useEffect(() => {
    let current = true;
    let answer = asked.get(userId);
    if (!answer) {
      answer = api
        .get<ModeratorStatus>('/api/moderation/me')
        .then((status) => status.moderator === true)
        .catch(() => {
          asked.delete(userId);
          return false;
        });
      asked.set(userId, answer);
    }
    void answer.then((value) => current && setModerator(value));
    return () => {
      current = false;
    };
  }, [api, userId]);
  return moderator;
}
