import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { ConfirmDialog, IconButton } from '@devcircle/ui';

/** The owner's delete icon and its confirm dialog; the dialog stays (busy) until the delete settles. */
export function DeletePostControl({ onConfirm }: { onConfirm(): Promise<boolean> }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    const deleted = await onConfirm();
    // When it is deleted the post (and this control) leaves the list.
    if (!deleted) {
      setBusy(false);
      setOpen(false);
    }
  };

  return (
    <>
      <IconButton label="Delete post" variant="danger" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <Trash2 size={18} aria-hidden="true" />
      </IconButton>
      <ConfirmDialog
        open={open}
        title="Delete Post"
        message="Are you sure you want to delete this post?"
        confirmLabel="Delete"
        tone="danger"
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
