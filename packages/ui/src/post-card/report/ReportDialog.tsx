import { useId, useRef, useState, type FormEvent } from 'react';
import {
  REPORT_DETAILS_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_THANKS,
  type ReportReason,
  type ReportRequest,
  type ReportTargetRequest,
} from '@devcircle/contracts';
import { useSdk } from '@devcircle/sdk/react';
import { Button, Dialog, TextArea } from '@devcircle/ui';
import styles from './ReportDialog.module.css';

export interface ReportDialogProps {
  target: ReportTargetRequest;
  /** What is reported, as the title says it: 'post', 'comment', '@alice'. */
  subject: string;
  onClose(): void;
}

const HINTS: Record<ReportReason, string> = {
  spam: 'Advertising, scams, the same thing over and over',
  harassment: 'Insults, threats or targeting someone',
  other: 'Tell the moderators what is wrong below',
};

export const REPORT_FAILED = 'The report could not be sent. Please try again.';

/**
 * "Report …" (issue 20, docs/moderation.md): a reason (spam, harassment, something else, which needs a few words),
 * optional details with their count, Send. The server's answer is shown in the dialog: the thanks, or why not
 * (already reported, too many reports, not found). Loaded only when a Report item is chosen.
 */
export default function ReportDialog({ target, subject, onClose }: ReportDialogProps) {
  const { api } = useSdk();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState('');
  const [detailsError, setDetailsError] = useState('');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const firstRadio = useRef<HTMLInputElement>(null);
  const detailsRef = useRef<HTMLTextAreaElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const legendId = useId();
  const name = useId();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError('Please choose a reason.');
      firstRadio.current?.focus();
      return;
    }
    if (reason === 'other' && !details.trim()) {
      setDetailsError('Please say what is wrong.');
      detailsRef.current?.focus();
      return;
    }
    setSending(true);
    setError('');
    const body: ReportRequest = { target, reason, ...(details.trim() ? { details: details.trim() } : {}) };
    try {
      await api.post('/api/reports', body, { fallbackMessage: REPORT_FAILED });
      setSent(true);
      // The thanks replace the form; focus moves to the one button left.
      setTimeout(() => closeRef.current?.focus(), 0);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : REPORT_FAILED);
    } finally {
      setSending(false);
    }
  };

  if (sent)
    return (
      <Dialog
        open
        onClose={onClose}
        title={`Report ${subject}`}
        size="sm"
        initialFocus={closeRef}
        actions={
          <Button ref={closeRef} onClick={onClose}>
            Close
          </Button>
        }
      >
        <p role="status" className={styles.thanks}>
          {REPORT_THANKS}
        </p>
      </Dialog>
    );

  return (
    <Dialog
      open
      onClose={() => {
        if (!sending) onClose();
      }}
      title={`Report ${subject}`}
      description="Reports go to the moderators. The member is not told who reported them."
      initialFocus={firstRadio}
      onSubmit={(event) => void onSubmit(event)}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={sending}>
            Cancel
          </Button>
          <Button type="submit" disabled={sending}>
            {sending ? 'Sending…' : 'Send report'}
          </Button>
        </>
      }
    >
      <fieldset className={styles.reasons} aria-labelledby={legendId}>
        <legend id={legendId} className={styles.legend}>
          Why are you reporting this?
        </legend>
        {REPORT_REASONS.map((value, index) => (
          <label key={value} className={styles.reason}>
            <input
              ref={index === 0 ? firstRadio : undefined}
              type="radio"
              name={name}
              value={value}
              checked={reason === value}
              onChange={() => {
                setReason(value);
                setError('');
                setDetailsError('');
              }}
            />
            <span>
              <span className={styles.reasonLabel}>{REPORT_REASON_LABELS[value]}</span>
              <span className={styles.hint}>{HINTS[value]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <TextArea
        ref={detailsRef}
        label={reason === 'other' ? 'What is wrong?' : 'Details (optional)'}
        value={details}
        rows={3}
        maxLength={REPORT_DETAILS_MAX}
        showCounter
        required={reason === 'other'}
        error={detailsError || undefined}
        announceError
        onChange={(event) => {
          setDetails(event.target.value);
          if (detailsError) setDetailsError('');
        }}
      />
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </Dialog>
  );
}
