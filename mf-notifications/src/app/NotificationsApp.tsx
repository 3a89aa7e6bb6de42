import type { RemoteAppProps } from '@devcircle/sdk/remote';
import { NotificationsScreen } from '../features/notifications/NotificationsScreen';

/** The notifications remote has one screen, /notifications. */
export function NotificationsApp(_props: RemoteAppProps) {
  return <NotificationsScreen />;
}
