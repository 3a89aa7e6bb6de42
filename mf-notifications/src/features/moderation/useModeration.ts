import { useCallback, useEffect, useState } from 'react';
import type {
  ModerationAction,
  ModerationBugReport,
  ModerationBugReportsPage,
  ModerationDecisionAnswer,
  ModerationReport,
  ModerationReportsPage,
  ModeratorStatus,
} from '@devcircle/contracts';
import { useSdk } from '@devcircle/sdk/react';

/** `checking` until the server says whether the member moderates; `denied` shows "not found". */
export type ModerationAccess = 'checking' | 'denied' | 'granted' | 'failed';

interface List<T> {
  items: T[];
  nextCursor: string | null;
  loading: boolean;
  error: string;
}

const emptyList = <T>(): List<T> => ({ items: [], nextCursor: null, loading: true, error: '' });
const message = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));
const page = (path: string, before: string | null) =>
  before ? `${path}?before=${encodeURIComponent(before)}` : path;

/**
 * The moderation screen's state (docs/moderation.md): whether the member moderates, the open reports and the bug
 * reports (newest first, a page at a time), and the decisions. A decision closes every open report of the same
 * content, so they all leave the list; `notice` says what was done.
 */
export function useModeration() {
  const { api } = useSdk();
  const [access, setAccess] = useState<ModerationAccess>('checking');
  const [reports, setReports] = useState<List<ModerationReport>>(emptyList);
  const [bugs, setBugs] = useState<List<ModerationBugReport>>(emptyList);
  const [notice, setNotice] = useState('');

  const loadReports = useCallback(
    async (before: string | null) => {
      setReports((list) => ({ ...list, loading: true, error: '' }));
      try {
        const answer = await api.get<ModerationReportsPage>(page('/api/moderation/reports', before));
        setReports((list) => ({
          items: before ? [...list.items, ...answer.reports] : answer.reports,
          nextCursor: answer.hasMore ? answer.nextCursor : null,
          loading: false,
          error: '',
        }));
      } catch (failure) {
        setReports((list) => ({ ...list, loading: false, error: message(failure) }));
      }
    },
    [api],
  );

  const loadBugs = useCallback(
    async (before: string | null) => {
      setBugs((list) => ({ ...list, loading: true, error: '' }));
      try {
        const answer = await api.get<ModerationBugReportsPage>(page('/api/moderation/bug-reports', before));
        setBugs((list) => ({
          items: before ? [...list.items, ...answer.bugReports] : answer.bugReports,
          nextCursor: answer.hasMore ? answer.nextCursor : null,
          loading: false,
          error: '',
        }));
      } catch (failure) {
        setBugs((list) => ({ ...list, loading: false, error: message(failure) }));
      }
    },
    [api],
  );

  useEffect(() => {
    let current = true;
    api
      .get<ModeratorStatus>('/api/moderation/me')
      .then(({ moderator }) => {
        if (!current) return;
        setAccess(moderator ? 'granted' : 'denied');
        if (moderator) {
          void loadReports(null);
          void loadBugs(null);
        }
      })
      .catch(() => current && setAccess('failed'));
    return () => {
      current = false;
    };
  }, [api, loadReports, loadBugs]);

  /** Takes the decision; throws the server's message (shown in the confirmation) when it fails. */
  const decide = async (report: ModerationReport, action: ModerationAction) => {
    const answer = await api.post<ModerationDecisionAnswer>(
      `/api/moderation/reports/${encodeURIComponent(report._id)}/decision`,
      { action },
    );
    const sameContent = (other: ModerationReport) =>
      other.target.kind === report.target.kind && other.target.id === report.target.id;
    setReports((list) => ({ ...list, items: list.items.filter((other) => !sameContent(other)) }));
    setNotice(`${answer.message}. ${answer.closed === 1 ? '1 report' : `${answer.closed} reports`} closed.`);
  };

  return {
    access,
    reports,
    bugs,
    notice,
    decide,
    loadMoreReports: () => void loadReports(reports.nextCursor),
    loadMoreBugs: () => void loadBugs(bugs.nextCursor),
  };
}
