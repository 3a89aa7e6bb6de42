import { useId } from 'react';
import type { RelationKind } from '@devcircle/contracts';
import { Alert, Button, Skeleton, UserLine, VisuallyHidden } from '@devcircle/ui';
import { SettingsSection } from './SettingsSection';
import { useRelationList } from './useRelationList';
import styles from './RelationsSection.module.css';

const LISTS: Record<RelationKind, { title: string; empty: string; action: string }> = {
  block: {
    title: 'Blocked',
    empty: "You haven't blocked anyone.",
    action: 'Unblock',
  },
  mute: {
    title: 'Muted',
    empty: "You haven't muted anyone.",
    action: 'Unmute',
  },
};

/** One list (blocked or muted): its members newest first, each with Unblock / Unmute, and Show more. */
function RelationList({ kind }: { kind: RelationKind }) {
  const { state, more, remove, retry } = useRelationList(kind);
  const headingId = useId();
  const { title, empty, action } = LISTS[kind];
  return (
    <div className={styles.list} aria-labelledby={headingId} role="group">
      <h3 id={headingId} className={styles.heading}>
        {title}
      </h3>
      {state.status === 'loading' && (
        <div role="status">
          <VisuallyHidden>Loading {title.toLowerCase()} accounts</VisuallyHidden>
          <Skeleton height={44} />
        </div>
      )}
      {state.status === 'failed' && (
        <div className={styles.stack}>
          <Alert tone="danger">{state.message}</Alert>
          <Button variant="secondary" size="sm" onClick={retry}>
            Try again
          </Button>
        </div>
      )}
      {state.status === 'ready' && (
        <>
          {state.users.length === 0 ? (
            <p className={styles.empty}>{empty}</p>
          ) : (
            <ul className={styles.rows}>
              {state.users.map((user) => (
                <li key={user._id}>
                  <UserLine
                    user={user}
                    meta={`@${user.username}`}
                    trailing={
                      <Button
                        variant="secondary"
                        size="sm"
                        busy={state.busy.includes(user._id)}
                        onClick={() => void remove(user)}
                        aria-label={`${action} @${user.username}`}
                      >
                        {action}
                      </Button>
                    }
                  />
                </li>
              ))}
            </ul>
          )}
          {state.error && <Alert tone="danger">{state.error}</Alert>}
          {state.hasMore && (
            <Button
              variant="secondary"
              size="sm"
              busy={state.loadingMore}
              onClick={more}
              className={styles.more}
            >
              Show more
            </Button>
          )}
        </>
      )}
    </div>
  );
}

/** Settings' "Blocked and muted accounts" (issue 20, docs/safety.md). */
export function RelationsSection() {
  return (
    <SettingsSection
      title="Blocked and muted accounts"
      description="Blocked members can't see your profile or posts, follow you or mention you. Muted members' posts, comments and notifications are hidden from you; they aren't told."
    >
      <RelationList kind="block" />
      <RelationList kind="mute" />
    </SettingsSection>
  );
}
