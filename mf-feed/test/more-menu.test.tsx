import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { relationsPagePath, type FeedPage, type RelationsPage } from '@devcircle/contracts';
import type { DevCircleSdk } from '@devcircle/sdk';
import { FeedScreen } from '../src/features/feed/FeedScreen';
import { publish, renderWithSdk, startWebBackend, type WebBackend } from './harness';
import { installIntersectionObserver } from './intersectionObserver';

let backend: WebBackend;
let reader: DevCircleSdk;
let bob: DevCircleSdk;
let cy: DevCircleSdk;

beforeAll(async () => {
  installIntersectionObserver();
  backend = await startWebBackend();
  reader = await backend.signUp('rin');
  bob = await backend.signUp('bob');
  cy = await backend.signUp('cyd');
}, 60_000);
afterAll(() => backend.stop());
beforeEach(() => window.sessionStorage.setItem('hasSeenFeedModal', 'true'));

const cardOf = async (text: string) => (await screen.findByText(text)).closest('article') as HTMLElement;
const authorsOnServer = async () =>
  (await reader.api.get<FeedPage>('/api/posts?limit=50')).posts.map((post) => post.author.username);

test('the ⋯ menu: block asks first, every card of the member goes at once, Undo brings them back; mute needs no asking', async () => {
  await publish(bob, 'bob first');
  await publish(bob, 'bob second');
  await publish(cy, 'cyd speaks');
  await publish(reader, 'my own');
  renderWithSdk(reader, <FeedScreen />);
  const user = userEvent.setup();

  // One's own post: only what applies to it.
  await user.click(
    within(await cardOf('my own')).getByRole('button', { name: 'More actions for this post' }),
  );
  let menu = await screen.findByRole('menu', { name: 'More actions for this post' });
  expect(
    within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent),
  ).toEqual(['Copy link to post']);
  // The menu takes the focus once drawn (its first item); Escape there closes it.
  await waitFor(() => expect(within(menu).getAllByRole('menuitem')[0]).toHaveFocus());
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

  // Someone else's: arrow keys move between the items; Block opens the explanation, focus on Cancel.
  await user.click(
    within(await cardOf('bob second')).getByRole('button', { name: 'More actions for this post' }),
  );
  menu = await screen.findByRole('menu');
  await waitFor(() =>
    expect(within(menu).getByRole('menuitem', { name: 'Copy link to post' })).toHaveFocus(),
  );
  await user.keyboard('{ArrowDown}{ArrowDown}');
  expect(within(menu).getByRole('menuitem', { name: 'Block @bob' })).toHaveFocus();
  await user.keyboard('{Enter}');
  const dialog = await screen.findByRole('dialog', { name: 'Block @bob?' });
  expect(dialog).toHaveTextContent(/will not be able to see your profile or posts/);
  await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
  await user.click(within(dialog).getByRole('button', { name: 'Block' }));

  // Both of bob's cards go; the one it was done from says so, with Undo. The server agrees.
  await waitFor(() => expect(screen.queryByText('bob first')).toBeNull());
  expect(screen.queryByText('bob second')).toBeNull();
  expect((await screen.findByText(/You blocked @bob/)).closest('[role="status"]')).not.toBeNull();
  expect(await authorsOnServer()).not.toContain('bob');

  await user.click(screen.getByRole('button', { name: 'Undo' }));
  expect(await screen.findByText('bob first')).toBeInTheDocument();
  expect(await screen.findByText('bob second')).toBeInTheDocument();
  expect((await reader.api.get<RelationsPage>(relationsPagePath('block'))).users).toEqual([]);

  // Mute: no question, cy's card goes, and only for this reader.
  await user.click(
    within(await cardOf('cyd speaks')).getByRole('button', { name: 'More actions for this post' }),
  );
  await user.click(await screen.findByRole('menuitem', { name: 'Mute @cyd' }));
  await waitFor(() => expect(screen.queryByText('cyd speaks')).toBeNull());
  expect(screen.getByText(/You muted @cyd/)).toBeInTheDocument();
  expect(await authorsOnServer()).not.toContain('cyd');
  expect(
    (await bob.api.get<FeedPage>('/api/posts?limit=50')).posts.map((post) => post.author.username),
  ).toContain('cyd');
});
