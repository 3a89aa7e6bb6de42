import type { AppNotificationGroup } from '@devcircle/sdk';
import styles from './NotificationItem.module.css';

/** Shown for an actor whose account no longer exists (the contract allows `null`). */
export const UNKNOWN_SENDER = 'Someone';

type Actor = AppNotificationGroup['actors'][number];

export const nameOf = (actor: Actor): string => actor?.displayName || actor?.username || UNKNOWN_SENDER;

/**
 * Who did it, as the row says it: "Bea", "Bea and Cid", "Bea and 2 others" (the newest named first; "others" by
 * the group's distinct actors, so two comments by one person are still one).
 */
export function ActorNames({ group }: { group: AppNotificationGroup }) {
  const [first, second] = group.actors;
  const others = group.actorCount - 1;
  return (
    <>
      <strong className={styles.name}>{nameOf(first ?? null)}</strong>
      {others === 1 && second !== undefined && (
        <>
          {' and '}
          <strong className={styles.name}>{nameOf(second)}</strong>
        </>
      )}
      {(others > 1 || (others === 1 && second === undefined)) &&
        ` and ${others} ${others === 1 ? 'other' : 'others'}`}
    </>
  );
}
