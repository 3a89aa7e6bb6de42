import { useState } from 'react';
import { Button } from '@devcircle/ui';
import { useSdk } from '@devcircle/sdk/react';
import { showAuthor, type HiddenAuthor } from './hiddenAuthors';
import { setRelation } from './relationsApi';
import styles from './MoreMenu.module.css';

export interface RelationStatusProps {
  authorId: string;
  hidden: HiddenAuthor;
}

/**
 * Where the card blocked or muted from was: what happened, and Undo (which unblocks or unmutes; follows a block
 * ended stay ended).
 */
export default function RelationStatus({ authorId, hidden }: RelationStatusProps) {
  const { api } = useSdk();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const undo = async () => {
    setBusy(true);
    try {
      await setRelation(api, hidden.username, hidden.kind, false);
      showAuthor(authorId);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  };
  const done = hidden.kind === 'block' ? 'blocked' : 'muted';
  return (
    <div role="status" className={styles.status}>
      <span>
        You {done} @{hidden.username}. Their posts and comments are hidden.
        {error && ` ${error}`}
      </span>
      <Button variant="secondary" size="sm" busy={busy} onClick={() => void undo()}>
        Undo
      </Button>
    </div>
  );
}
