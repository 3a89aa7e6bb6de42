import { useState } from 'react';
import { ConfirmDialog } from '@devcircle/ui';

export interface BlockDialogProps {
  username: string;
  /** Blocks; a rejection's message is shown in the dialog, which stays open. */
  onConfirm(): Promise<void>;
  onClose(): void;
}

/** "Block @name?": what a block does, before it is done (docs/safety.md). */
export function BlockDialog({ username, onConfirm, onClose }: BlockDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const confirm = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await onConfirm();
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      open
      tone="danger"
      busy={busy}
      title={`Block @${username}?`}
      message={
        <>
          They will not be able to see your profile or posts, follow you, like or comment on your posts, or
          mention you, and you will no longer see them anywhere. Follows between you end. They are not told;
          you can unblock them in Settings.
          {error && (
            <span
              role="alert"
              style={{ display: 'block', marginTop: 'var(--space-2)', color: 'var(--color-danger-text)' }}
            >
              {error}
            </span>
          )}
        </>
      }
      confirmLabel="Block"
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
