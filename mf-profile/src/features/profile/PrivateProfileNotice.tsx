import type { ReactNode } from 'react';
import { Lock } from 'lucide-react';
import { EmptyState } from '@devcircle/ui';

/** Instead of the metrics and tabs, for a private profile the viewer neither owns nor follows. */
export function PrivateProfileNotice({ action }: { action?: ReactNode }) {
  return (
    <EmptyState
      icon={<Lock size={24} />}
      title="This profile is private"
      message="Follow this user to see their posts and metrics."
      action={action}
    />
  );
}
