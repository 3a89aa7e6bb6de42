import { useState } from 'react';
import { Button, ConfirmDialog, useMediaQuery } from '@devcircle/ui';

/** Under 640 px (§9) a cancel asks first: a stray tap on a phone should not lose a post. */
const NARROW = '(max-width: 639px)';

/** Cancel: clears the form at once on wide screens, after 'Discard All' on narrow ones (§4 Create post). */
export function CancelPostButton({ onDiscard, disabled }: { onDiscard(): void; disabled?: boolean }) {
  const narrow = useMediaQuery(NARROW);
  const [asking, setAsking] = useState(false);

  const discard = () => {
    setAsking(false);
    onDiscard();
  };

  return (
    <>
      <Button variant="secondary" disabled={disabled} onClick={narrow ? () => setAsking(true) : onDiscard}>
        Cancel
      </Button>
      <ConfirmDialog
        open={asking}
        title="Are you sure you want to cancel your post?"
        message="Your changes will be lost if you leave this page."
        confirmLabel="Discard All"
        cancelLabel="Back"
        tone="danger"
        onConfirm={discard}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
