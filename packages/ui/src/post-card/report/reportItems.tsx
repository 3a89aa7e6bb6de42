import { lazy, Suspense } from 'react';
import { Flag } from 'lucide-react';
import type { ReportTargetRequest } from '@devcircle/contracts';
import type { MoreMenuItem, MoreMenuSource, MoreMenuTools } from '../more/types';

// The dialog's code loads when Report is first chosen, not with the menu.
const ReportDialog = lazy(() => import('./ReportDialog'));

function reportItem(
  label: string,
  subject: string,
  target: ReportTargetRequest,
  tools: MoreMenuTools,
): MoreMenuItem {
  return {
    key: 'report',
    label,
    icon: Flag,
    onSelect: () =>
      tools.openDialog((close) => (
        <Suspense fallback={null}>
          <ReportDialog target={target} subject={subject} onClose={close} />
        </Suspense>
      )),
  };
}

/** Report (issue 20, docs/moderation.md): others' posts and comments, and others' profiles. */
export const reportItems: MoreMenuSource = (target, tools) => {
  if (target.kind === 'post')
    return target.isOwn
      ? []
      : [reportItem('Report post', 'post', { kind: 'post', postId: target.post._id }, tools)];
  if (target.kind === 'comment')
    return target.isOwn || !target.comment.user
      ? []
      : [
          reportItem(
            'Report comment',
            'comment',
            { kind: 'comment', postId: target.postId, commentId: target.comment._id },
            tools,
          ),
        ];
  if (target.user._id === tools.viewerId) return [];
  const { username } = target.user;
  return [reportItem(`Report @${username}`, `@${username}`, { kind: 'profile', username }, tools)];
};
