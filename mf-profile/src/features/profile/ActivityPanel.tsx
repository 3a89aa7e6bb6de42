import { Activity } from 'lucide-react';
import { EmptyState } from '@devcircle/ui';

/** The Activity tab: a placeholder until activity tracking exists (product-spec §2 Profile). */
export function ActivityPanel() {
  return (
    <EmptyState
      icon={<Activity size={24} />}
      title="Activity tracking is coming soon"
      message="Soon you will see likes, comments and follows here."
    />
  );
}
