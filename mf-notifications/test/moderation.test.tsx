import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ReportDialog from '../../packages/ui/src/post-card/report/ReportDialog';
import { WEB_MODERATOR } from '../../test-support/web-backend';
import { ModerationScreen } from '../src/features/moderation/ModerationScreen';
import { NotificationsScreen } from '../src/features/notifications/NotificationsScreen';
import {
  member,
  notificationsArrived,
  publish,
  renderWithSdk,
  startWebBackend,
  username,
  type WebBackend,
} from './harness';

// Every test shares this back end; each one signs up its own members.
let backend: WebBackend;

beforeAll(async () => {
  backend = await startWebBackend();
}, 60_000);

afterAll(() => backend.stop());

const button = (name: string) => screen.getByRole('button', { name });

test('a member reports a comment; a moderator removes it from /moderation; the reporter reads the outcome', async () => {
  const author = await member(backend, 'Ada Author');
  const reporter = await member(backend, 'Bea Reporter');
  const moderator = await backend.signUp(WEB_MODERATOR);
  const post = await publish(author, 'A post with a rude comment');
  const commented = await author.api.post<{ comments: { _id: string }[] }>(`/api/posts/${post._id}/comment`, {
    text: 'Nobody asked you',
  });
  const target = { kind: 'comment' as const, postId: post._id, commentId: commented.comments[0]._id };

  // The dialog: a reason first, words with "Something else", then the server's thanks.
  const closed = jest.fn();
  const dialog = renderWithSdk(reporter, <ReportDialog target={target} subject="comment" onClose={closed} />);
  expect(screen.getByRole('dialog', { name: 'Report comment' })).toBeInTheDocument();
  await userEvent.click(button('Send report'));
  expect(screen.getByRole('alert')).toHaveTextContent('Please choose a reason.');
  await userEvent.click(screen.getByRole('radio', { name: /Something else/ }));
  await userEvent.click(button('Send report'));
  expect(await screen.findByText('Please say what is wrong.')).toBeInTheDocument();
  const details = screen.getByRole('textbox', { name: 'What is wrong?' });
  expect(details).toHaveAttribute('maxLength', '500');
  await userEvent.type(details, 'Insulting a newcomer');
  expect(screen.getByText('20/500')).toBeInTheDocument();
  await userEvent.click(button('Send report'));
  expect(await screen.findByRole('status')).toHaveTextContent('Thanks — a moderator will review it.');
  await userEvent.click(button('Close'));
  expect(closed).toHaveBeenCalledTimes(1);
  dialog.unmount();

  // A second report of the same comment: the server's reason, in the dialog, which stays open.
  const again = renderWithSdk(reporter, <ReportDialog target={target} subject="comment" onClose={closed} />);
  await userEvent.click(screen.getByRole('radio', { name: /Spam/ }));
  await userEvent.click(button('Send report'));
  expect(await screen.findByRole('alert')).toHaveTextContent('You have already reported this comment.');
  again.unmount();

  // The moderator's inbox: the comment as reported, why, by whom; Remove asks first.
  renderWithSdk(moderator, <ModerationScreen />);
  const list = await screen.findByRole('list', { name: 'Open reports' });
  const [report] = within(list).getAllByRole('article');
  expect(report).toHaveTextContent(`Comment by Ada Author (@${username(author)})`);
  expect(report).toHaveTextContent('Something else');
  expect(report).toHaveTextContent(`Reported by @${username(reporter)}`);
  expect(report).toHaveTextContent('“Insulting a newcomer”');
  expect(report).toHaveTextContent('Nobody asked you');
  await userEvent.click(within(report).getByRole('button', { name: 'Remove' }));
  const confirm = screen.getByRole('dialog', { name: 'Remove this comment?' });
  await userEvent.click(within(confirm).getByRole('button', { name: 'Remove comment' }));
  await waitFor(() => expect(screen.getByText('Content removed. 1 report closed.')).toBeInTheDocument());
  expect(screen.getByText('No open reports.')).toBeInTheDocument();

  // The comment is gone, and the reporter is told.
  await waitFor(async () => {
    const current = await author.api.get<{ commentsCount: number }>(`/api/posts/${post._id}`);
    expect(current.commentsCount).toBe(0);
  });
  await notificationsArrived(reporter, 1, (notification) => notification.type === 'report_removed');
  await reporter.notificationGroups.load();
  renderWithSdk(reporter, <NotificationsScreen />);
  const row = within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem')[0];
  expect(row).toHaveTextContent('Your report about Ada Author was reviewed: content removed');
  expect(within(row).getByRole('img', { name: 'Report reviewed' })).toBeInTheDocument();
}, 60_000);

test('a member MODERATORS does not name finds nothing at /moderation', async () => {
  const someone = await member(backend, 'Cy Curious');
  renderWithSdk(someone, <ModerationScreen />);
  expect(await screen.findByText('Page not found')).toBeInTheDocument();
  expect(screen.queryByRole('tab')).not.toBeInTheDocument();
});
