import { useState } from 'react';
import { Bug, ShieldCheck } from 'lucide-react';
import { Alert, Button, EmptyState, Page, Spinner, formatDate, formatRelativeTime } from '@devcircle/ui';
import { Tabs } from '@devcircle/ui/tabs';
import { useNow } from '../notifications/useNow';
import { ReportCard } from './ReportCard';
import { useModeration } from './useModeration';
import styles from './ModerationScreen.module.css';

type Tab = 'reports' | 'bugs';
const TABS: readonly { key: Tab; label: string }[] = [
  { key: 'reports', label: 'Reports' },
  { key: 'bugs', label: 'Bug reports' },
];

/**
 * /moderation (issue 20, docs/moderation.md): for the members MODERATORS names, the open reports newest first with
 * what was reported and Remove / Dismiss / Suspend, and the bug reports. Everyone else finds nothing here, as at
 * any unknown address; the server refuses them the API anyway.
 */
export function ModerationScreen() {
  const moderation = useModeration();
  const now = useNow();
  const [tab, setTab] = useState<Tab>('reports');

  if (moderation.access === 'checking')
    return (
      <Page className={styles.page}>
        <div className={styles.centered}>
          <Spinner label="Loading" />
        </div>
      </Page>
    );
  if (moderation.access !== 'granted')
    return (
      <Page className={styles.page}>
        <EmptyState
          title={moderation.access === 'failed' ? 'Could not load this page.' : 'Page not found'}
          message={
            moderation.access === 'failed'
              ? 'Please try again in a moment.'
              : 'There is nothing at this address.'
          }
        />
      </Page>
    );

  const { reports, bugs } = moderation;
  return (
    <Page className={styles.page}>
      <h1 className={styles.title}>Moderation</h1>
      <Tabs<Tab> label="Moderation" tabs={TABS} selected={tab} onSelect={setTab}>
        <p role="status" className={styles.notice}>
          {moderation.notice}
        </p>
        {tab === 'reports' ? (
          <>
            {reports.error && <Alert tone="danger">{reports.error}</Alert>}
            {!reports.loading && !reports.error && reports.items.length === 0 && (
              <EmptyState
                icon={<ShieldCheck size={24} />}
                title="No open reports."
                message="Nothing waits for a decision."
              />
            )}
            {reports.items.length > 0 && (
              <ul className={styles.list} aria-label="Open reports">
                {reports.items.map((report) => (
                  <li key={report._id}>
                    <ReportCard report={report} now={now} onDecide={moderation.decide} />
                  </li>
                ))}
              </ul>
            )}
            {reports.loading && <Spinner label="Loading reports" />}
            {reports.nextCursor && !reports.loading && (
              <Button variant="secondary" className={styles.more} onClick={moderation.loadMoreReports}>
                Load more reports
              </Button>
            )}
          </>
        ) : (
          <>
            {bugs.error && <Alert tone="danger">{bugs.error}</Alert>}
            {!bugs.loading && !bugs.error && bugs.items.length === 0 && (
              <EmptyState icon={<Bug size={24} />} title="No bug reports." />
            )}
            {bugs.items.length > 0 && (
              <ul className={styles.list} aria-label="Bug reports">
                {bugs.items.map((bug) => (
                  <li key={bug._id} className={styles.report}>
                    <p className={styles.meta}>
                      {bug.reporter ? `@${bug.reporter.username}` : 'A visitor'}{' '}
                      <time dateTime={bug.createdAt} title={formatDate(bug.createdAt)}>
                        {formatRelativeTime(bug.createdAt, now)}
                      </time>
                    </p>
                    <p className={styles.contentText}>{bug.bug}</p>
                    {bug.userAgent && <p className={styles.agent}>{bug.userAgent}</p>}
                  </li>
                ))}
              </ul>
            )}
            {bugs.loading && <Spinner label="Loading bug reports" />}
            {bugs.nextCursor && !bugs.loading && (
              <Button variant="secondary" className={styles.more} onClick={moderation.loadMoreBugs}>
                Load more bug reports
              </Button>
            )}
          </>
        )}
      </Tabs>
    </Page>
  );
}
