import { screen } from '@testing-library/react';
import { createSdk, memoryStorage, type AppNotification } from '@devcircle/sdk';
import { NotificationItem } from '../src/features/notifications/NotificationItem';
import { notificationTarget } from '../src/features/notifications/notificationTarget';
import { renderWithSdk } from './harness';

// Shapes §3 allows that our back end does not send today (a post as an object, 'other', a gone sender):
// the row must still read and link right. No back end is needed to render one row.
const sdk = createSdk({ baseUrl: 'http://127.0.0.1:9', storage: memoryStorage() });
const now = new Date('2026-03-10T12:00:00Z');
const base: AppNotification = {
  _id: 'n1',
  type: 'like',
  fromUser: { _id: 'u1', username: 'bea', displayName: 'Bea Builder' },
  post: 'p1',
  read: true,
  createdAt: '2026-03-10T09:30:00Z',
};

test('a post given as an object with _id links to that post', () => {
  expect(notificationTarget({ ...base, post: { _id: 'p2' } })).toBe('/post/p2');
  expect(notificationTarget({ ...base, type: 'comment', post: { _id: 'p3' } })).toBe('/post/p3');
});

test('nowhere to go: no post, no sender to follow back, or an other notification', () => {
  expect(notificationTarget({ ...base, post: null })).toBeNull();
  expect(notificationTarget({ ...base, type: 'follow', post: null, fromUser: null })).toBeNull();
  expect(notificationTarget({ ...base, type: 'other', post: 'p1' })).toBeNull();
});

test("an 'other' notification reads 'sent you a notification' with a bell, and is not a link", () => {
  renderWithSdk(sdk, <NotificationItem notification={{ ...base, type: 'other', post: null }} now={now} />);
  expect(screen.getByText(/sent you a notification/)).toHaveTextContent(
    'Bea Builder sent you a notification',
  );
  expect(screen.getByRole('img', { name: 'Notification' })).toBeInTheDocument();
  expect(screen.queryByRole('link')).not.toBeInTheDocument();
  // Read: no unread mark.
  expect(screen.queryByText('Unread')).not.toBeInTheDocument();
  expect(screen.getByText('2h ago')).toHaveAttribute('datetime', base.createdAt);
});

test('a sender whose account is gone reads as Someone; a username stands in for a missing display name', () => {
  const gone = renderWithSdk(sdk, <NotificationItem notification={{ ...base, fromUser: null }} now={now} />);
  expect(screen.getByRole('link')).toHaveTextContent('Someone liked your post');
  gone.unmount();

  const unnamed = { ...base, fromUser: { _id: 'u1', username: 'bea', displayName: '' } };
  renderWithSdk(sdk, <NotificationItem notification={unnamed} now={now} />);
  expect(screen.getByRole('link')).toHaveTextContent('bea liked your post');
});
