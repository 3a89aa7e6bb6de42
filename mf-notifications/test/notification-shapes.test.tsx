import { screen } from '@testing-library/react';
import { createSdk, memoryStorage, type AppNotificationGroup } from '@devcircle/sdk';
import { NotificationItem } from '../src/features/notifications/NotificationItem';
import { notificationTarget } from '../src/features/notifications/notificationTarget';
import { renderWithSdk } from './harness';

// Shapes the contract allows that a test against our back end rarely makes (an 'other' group, a gone actor, many
// actors): the row must still read and link right. No back end is needed to render one row.
const sdk = createSdk({ baseUrl: 'http://127.0.0.1:9', storage: memoryStorage() });
const now = new Date('2026-03-10T12:00:00Z');
const bea = { _id: 'u1', username: 'bea', displayName: 'Bea Builder' };
const cid = { _id: 'u2', username: 'cid', displayName: 'Cid Coder' };
const base: AppNotificationGroup = {
  _id: 'like:p1',
  type: 'like',
  post: 'p1',
  actors: [bea],
  actorCount: 1,
  count: 1,
  read: true,
  latestId: 'n1',
  createdAt: '2026-03-10T09:30:00Z',
};
const row = (group: AppNotificationGroup) =>
  renderWithSdk(sdk, <NotificationItem group={group} me="ada" now={now} />);

test('where a group leads: the post, one follower’s profile, or for several the member’s followers list', () => {
  expect(notificationTarget({ ...base, type: 'mention', post: 'p2' }, 'ada')).toBe('/post/p2');
  expect(notificationTarget({ ...base, type: 'follow', post: null }, 'ada')).toBe('/profile/bea');
  const follows = { ...base, type: 'follow' as const, post: null, actors: [bea, cid], actorCount: 2 };
  expect(notificationTarget(follows, 'ada')).toBe('/profile/ada/followers');
  // Nowhere to go: no post, no follower left, or an other notification.
  expect(notificationTarget({ ...base, post: null }, 'ada')).toBeNull();
  expect(notificationTarget({ ...base, type: 'follow', post: null, actors: [null] }, 'ada')).toBeNull();
  expect(notificationTarget({ ...base, type: 'other' }, 'ada')).toBeNull();
});

test('one, two, and more actors: "Bea", "Bea and Cid", "Bea and 3 others", by distinct actors', () => {
  const one = row(base);
  expect(screen.getByRole('link')).toHaveTextContent('Bea Builder liked your post');
  one.unmount();
  const two = row({ ...base, type: 'follow', post: null, actors: [bea, cid], actorCount: 2, count: 2 });
  expect(screen.getByRole('link')).toHaveTextContent('Bea Builder and Cid Coder started following you');
  two.unmount();
  const many = row({ ...base, type: 'comment', actors: [bea, cid, null], actorCount: 4, count: 6 });
  expect(screen.getByRole('link')).toHaveTextContent('Bea Builder and 3 others commented on your post');
  many.unmount();
  row({ ...base, type: 'mention', actors: [bea, bea], actorCount: 1, count: 2 });
  expect(screen.getByRole('link')).toHaveTextContent('Bea Builder mentioned you');
  expect(screen.getByRole('link')).not.toHaveTextContent(' and ');
  expect(screen.getByRole('img', { name: 'Mention' })).toBeInTheDocument();
});

test("an 'other' group reads 'sent you a notification' with a bell, and is not a link", () => {
  row({ ...base, type: 'other', post: null });
  expect(screen.getByText(/sent you a notification/)).toHaveTextContent(
    'Bea Builder sent you a notification',
  );
  expect(screen.getByRole('img', { name: 'Notification' })).toBeInTheDocument();
  expect(screen.queryByRole('link')).not.toBeInTheDocument();
  // Read: no unread mark.
  expect(screen.queryByText('Unread')).not.toBeInTheDocument();
  expect(screen.getByText('2h ago')).toHaveAttribute('datetime', base.createdAt);
});

test('an actor whose account is gone reads as Someone; a username stands in for a missing display name', () => {
  const gone = row({ ...base, actors: [null] });
  expect(screen.getByRole('link')).toHaveTextContent('Someone liked your post');
  gone.unmount();
  row({ ...base, actors: [{ ...bea, displayName: '' }] });
  expect(screen.getByRole('link')).toHaveTextContent('bea liked your post');
});
