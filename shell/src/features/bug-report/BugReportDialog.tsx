import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { useSdk } from '@devcircle/sdk/react';
import { useDialogKeyboard } from '../../hooks/useDialogKeyboard';
import styles from './BugReportDialog.module.css';

export const BUG_REPORT_THANKS = 'Thank you for reporting the bug!';
export const BUG_REPORT_FAILED = 'Failed to submit bug report. Please try again later.';

/**
 * The bug-report dialog (§2 Landing, §4 Settings, §8): a required description, Submit and Cancel. The answer is
 * an alert either way, and the dialog closes and clears on either outcome. Focus stays inside; Escape closes.
 */
export function BugReportDialog({ onClose }: { onClose: () => void }) {
  const sdk = useSdk();
  const [bug, setBug] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const dialogRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const titleId = useId();
  const fieldId = useId();
  const errorId = useId();

  useEffect(() => {
    // Back to whatever opened the dialog once it closes.
    const opener = document.activeElement as HTMLElement | null;
    textRef.current?.focus();
    return () => opener?.focus?.();
  }, []);

  const close = () => {
    setBug('');
    setError('');
    onClose();
  };

  const onKeyDown = useDialogKeyboard(dialogRef, () => {
    if (!sending) close();
  });

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

  return createPortal(
    <div className={styles.overlay} onMouseDown={(event) => event.target === event.currentTarget && close()}>
      <div
        ref={dialogRef}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
      >
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <h2 id={titleId} className={styles.title}>
            Report a bug
          </h2>
          <label htmlFor={fieldId} className={styles.label}>
            What went wrong?
          </label>
          <textarea
            id={fieldId}
            ref={textRef}
            className={styles.textarea}
            value={bug}
            required
            rows={5}
            placeholder="Steps to reproduce, what you expected and what happened"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setBug(event.target.value);
              if (error) setError('');
            }}
          />
          {error && (
            <p id={errorId} className={styles.error} role="alert">
              {error}
            </p>
          )}
          <div className={styles.actions}>
            <button type="button" className={styles.secondary} onClick={close} disabled={sending}>
              Cancel
            </button>
            <button type="submit" className={styles.primary} disabled={sending}>
              {sending ? 'Submitting…' : 'Submit'}
            </button>
          </div>
        </form>
      </div>
    </div>,
    document.body,
  );
}
