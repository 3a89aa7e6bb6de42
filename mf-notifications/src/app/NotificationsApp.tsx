import { Suspense } from 'react';
import { ROUTES } from '@devcircle/contracts';
import { lazyScreen, type RemoteAppProps } from '@devcircle/sdk/remote';
import { NotificationsScreen } from '../features/notifications/NotificationsScreen';

// Few members moderate: the moderation screen is a chunk of its own, fetched when /moderation first shows.
const ModerationScreen = lazyScreen(() =>
  import(/* webpackChunkName: "moderation" */ '../features/moderation/ModerationScreen').then(
    (module) => module.ModerationScreen,
  ),
);

/** The notifications remote: /notifications, and the moderators' /moderation (issue 20). */
export function NotificationsApp({ path }: RemoteAppProps) {
  const normalized = path.replace(/\/+$/, '') || '/';
  if (normalized === ROUTES.moderation)
    return (
      <Suspense fallback={null}>
        <ModerationScreen />
      </Suspense>
    );
  return <NotificationsScreen />;
}
