import { useRef, useState, type FormEvent } from 'react';
import { useSdk } from '@devcircle/sdk/react';
import { Button, Dialog, TextArea } from '@devcircle/ui';

export const BUG_REPORT_THANKS = 'Thank you for reporting the bug!';
export const BUG_REPORT_FAILED = 'Failed to submit bug report. Please try again later.';

/**
 * The bug-report dialog (§2 Landing, §4 Settings, §8): a required description, Submit and Cancel. The answer is
 * an alert either way, and the dialog closes and clears on either outcome. Focus stays inside; Escape closes.
 */
export function BugReportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const sdk = useSdk();
  const [bug, setBug] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const textRef = useRef<HTMLTextAreaElement>(null);

  const close = () => {
    setBug('');
    setError('');
    onClose();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!bug.trim()) {
      setError('Please describe the bug.');
      textRef.current?.focus();
      return;
    }
    setSending(true);
    let message = BUG_REPORT_THANKS;
    try {
      await sdk.api.post('/api/report-bug', { bug: bug.trim() });
    } catch {
      message = BUG_REPORT_FAILED;
    }
    setSending(false);
    close();
    window.alert(message);
  };

  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!sending) close();
      }}
      title="Report a bug"
      initialFocus={textRef}
      onSubmit={onSubmit}
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={sending}>
            Cancel
          </Button>
          <Button type="submit" disabled={sending}>
            {sending ? 'Submitting…' : 'Submit'}
          </Button>
        </>
      }
    >
      <TextArea
        ref={textRef}
        label="What went wrong?"
        value={bug}
        required
        rows={5}
        placeholder="Steps to reproduce, what you expected and what happened"
        error={error || undefined}
        announceError
        onChange={(event) => {
          setBug(event.target.value);
          if (error) setError('');
        }}
      />
    </Dialog>
  );
}
