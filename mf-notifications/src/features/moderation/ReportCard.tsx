import { useState } from 'react';
import { Ban, Check, Trash2 } from 'lucide-react';
import {
  REPORT_REASON_LABELS,
  ROUTES,
  type ModerationAction,
  type ModerationReport,
} from '@devcircle/contracts';
import { AppLink, Button, ConfirmDialog, formatDate, formatRelativeTime } from '@devcircle/ui';
import styles from './ModerationScreen.module.css';

const KIND_WORDS: Record<ModerationReport['target']['kind'], string> = {
  post: 'Post by',
  comment: 'Comment by',
  profile: 'Profile of',
};

interface Confirmation {
  action: ModerationAction;
  title: string;
  message: string;
  label: string;
}

function confirmationOf(report: ModerationReport, action: ModerationAction): Confirmation {
  const owner = `@${report.owner.username}`;
  const thing = report.target.kind === 'post' ? 'post' : 'comment';
  if (action === 'remove')
    return {
      action,
      title: `Remove this ${thing}?`,
      message: `The ${thing} by ${owner} is deleted for everyone, as if its author had deleted it. Every open report of it closes and the reporters are told.`,
      label: `Remove ${thing}`,
    };
  if (action === 'suspend')
    return {
      action,
      title: `Suspend ${owner}?`,
      message: `${owner} is signed out everywhere at once and can no longer sign in. Every open report of this closes and the reporters are told.`,
      label: 'Suspend account',
    };
  return {
    action,
    title: 'Dismiss this report?',
    message:
      'Nothing is changed. Every open report of this closes and the reporters are told no action was taken.',
    label: 'Dismiss',
  };
}

export interface ReportCardProps {
  report: ModerationReport;
  now: Date;
  onDecide(report: ModerationReport, action: ModerationAction): Promise<void>;
}

/** One open report: what was reported (as it was then), why, by whom and when, and the three decisions. */
export function ReportCard({ report, now, onDecide }: ReportCardProps) {
  const [confirming, setConfirming] = useState<Confirmation | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const { target, owner, content } = report;
  const link =
    target.kind === 'profile'
      ? ROUTES.profile(owner.username)
      : ROUTES.post(target.kind === 'post' ? target.id : (target.postId ?? target.id));

  const confirm = async () => {
    if (!confirming) return;
    setBusy(true);
    setError('');
    try {
      await onDecide(report, confirming.action);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  };

  const open = (action: ModerationAction) => {
    setError('');
    setConfirming(confirmationOf(report, action));
  };

  return (
    <article className={styles.report} aria-labelledby={`report-${report._id}`}>
      <header className={styles.reportHeader}>
        <h2 id={`report-${report._id}`} className={styles.reportTitle}>
          {KIND_WORDS[target.kind]}{' '}
          <AppLink to={ROUTES.profile(owner.username)} className={styles.owner}>
            {owner.displayName} (@{owner.username})
          </AppLink>
        </h2>
        <span className={styles.reason}>{REPORT_REASON_LABELS[report.reason]}</span>
      </header>
      <p className={styles.meta}>
        Reported by{' '}
        <AppLink to={ROUTES.profile(report.reporter.username)}>@{report.reporter.username}</AppLink>{' '}
        <time dateTime={report.createdAt} title={formatDate(report.createdAt)}>
          {formatRelativeTime(report.createdAt, now)}
        </time>
      </p>
      {report.details && <p className={styles.details}>“{report.details}”</p>}
      <blockquote className={styles.content}>
        {content.displayName && target.kind === 'profile' && (
          <p className={styles.contentName}>{content.displayName}</p>
        )}
        <p className={styles.contentText}>
          {content.text || <em>{target.kind === 'profile' ? '(no bio)' : '(no text)'}</em>}
        </p>
        {content.codeSnippet && <pre className={styles.code}>{content.codeSnippet}</pre>}
      </blockquote>
      <AppLink to={link} className={styles.viewLink}>
        {target.kind === 'profile' ? 'View profile' : 'View post'}
      </AppLink>
      <div className={styles.actions}>
        {target.kind !== 'profile' && (
          <Button
            size="sm"
            variant="danger"
            icon={<Trash2 size={16} aria-hidden="true" />}
            onClick={() => open('remove')}
          >
            Remove
          </Button>
        )}
        <Button
          size="sm"
          variant="secondary"
          icon={<Check size={16} aria-hidden="true" />}
          onClick={() => open('dismiss')}
        >
          Dismiss
        </Button>
        <Button
          size="sm"
          variant="secondary"
          icon={<Ban size={16} aria-hidden="true" />}
          onClick={() => open('suspend')}
        >
          Suspend @{owner.username}
        </Button>
      </div>
      {confirming && (
        <ConfirmDialog
          open
          tone={confirming.action === 'dismiss' ? 'primary' : 'danger'}
          busy={busy}
          title={confirming.title}
          message={
            <>
              {confirming.message}
              {error && (
                <span role="alert" className={styles.dialogError}>
                  {error}
                </span>
              )}
            </>
          }
          confirmLabel={confirming.label}
          onConfirm={() => void confirm()}
          onCancel={() => {
            if (!busy) setConfirming(null);
          }}
        />
      )}
    </article>
  );
}
