import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BookmarksPage } from '@devcircle/contracts';
import type { DevCircleSdk } from '@devcircle/sdk';
import { PostCard, type Post } from '@devcircle/ui/post-card';
import { FeedApp } from '../src/app/FeedApp';
import { BookmarksScreen } from '../src/features/bookmarks/BookmarksScreen';
import { publish, renderWithSdk, startWebBackend, type WebBackend } from './harness';
import { installIntersectionObserver, scrollSentinel } from './intersectionObserver';

// The posts service is stopped by the last test, so this file has a back end of its own.
let backend: WebBackend;
let author: DevCircleSdk;
let reader: DevCircleSdk;

beforeAll(async () => {
  installIntersectionObserver();
  backend = await startWebBackend();
  author = await backend.signUp('bookmarked_author');
  reader = await backend.signUp('bookmark_reader');
}, 60_000);

afterAll(() => backend.stop());

/** What the server has saved for `sdk`, most recently saved first. */
async function savedContents(sdk: DevCircleSdk): Promise<string[]> {
  const page = await sdk.api.get<BookmarksPage>('/api/bookmarks?limit=50');
  return page.posts.map((post) => post.content);
}

/** A card that keeps the post it is given back, as the feed does. */
function StatefulCard({ initial }: { initial: Post }) {
  const [post, setPost] = useState(initial);
  return <PostCard post={post} onChange={setPost} onDeleted={() => undefined} />;
}

test('the card’s bookmark control: pressed at once, kept by the server, put back when the server refuses', async () => {
  const post = await publish(author, 'Worth saving');
  renderWithSdk(reader, <StatefulCard initial={post} />);
  const control = screen.getByRole('button', { name: 'Bookmark' });
  expect(control).toHaveAttribute('aria-pressed', 'false');

  await userEvent.click(control);
  // The name and state change on the click, before the server has answered.
  expect(screen.getByRole('button', { name: 'Remove bookmark' })).toHaveAttribute('aria-pressed', 'true');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Remove bookmark' })).toBeEnabled());
  expect(await savedContents(reader)).toEqual(['Worth saving']);
  // A like's answer carries the bookmark, so liking does not undo the control.
  await userEvent.click(screen.getByRole('button', { name: /^Like,/ }));
  await screen.findByRole('button', { name: 'Like, 1 like', pressed: true });
  expect(screen.getByRole('button', { name: 'Remove bookmark' })).toHaveAttribute('aria-pressed', 'true');

  await userEvent.click(screen.getByRole('button', { name: 'Remove bookmark' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Bookmark' })).toBeEnabled());
  expect(await savedContents(reader)).toEqual([]);

  // The author deletes the post: saving it now is refused (404), and the control goes back, the failure logged.
  await author.api.delete(`/api/posts/${post._id}`);
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  await userEvent.click(screen.getByRole('button', { name: 'Bookmark' }));
  await waitFor(() => expect(logged).toHaveBeenCalledWith('Failed to change bookmark', expect.anything()));
  const restored = await screen.findByRole('button', { name: 'Bookmark' });
  expect(restored).toHaveAttribute('aria-pressed', 'false');
  await waitFor(() => expect(restored).toBeEnabled());
  logged.mockRestore();
  expect(await savedContents(reader)).toEqual([]);
});

test('the Bookmarks screen: empty at first, then the saved posts most recently saved first, paged as it scrolls', async () => {
  const member = await backend.signUp('bookmark_pager');
  // The remote draws /bookmarks: its heading and loading cards at once, then the screen.
  const first = renderWithSdk(member, <FeedApp path="/bookmarks/" />);
  expect(screen.getByRole('heading', { level: 1, name: 'Bookmarks' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Loading bookmarks');
  expect(await screen.findByText('No bookmarks yet')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Browse the feed' }));
  expect(first.navigations).toEqual(['/feed']);
  first.unmount();

  const posts: Post[] = [];
  for (let index = 1; index <= 12; index += 1) posts.push(await publish(author, `Saved post ${index}`));
  // Saved newest-written first, so the list (newest saved first) runs oldest-written first.
  for (const post of [...posts].reverse()) await member.api.put(`/api/posts/${post._id}/bookmark`);
  renderWithSdk(member, <BookmarksScreen />);
  await screen.findByText('Saved post 1');
  const list = screen.getByRole('list', { name: 'Bookmarked posts' });
  const contents = () =>
    within(list)
      .getAllByRole('article')
      .map((card) => card.querySelector('p')?.textContent);
  expect(contents()).toEqual(posts.slice(0, 10).map((post) => post.content));
  for (const card of within(list).getAllByRole('article'))
    expect(within(card).getByRole('button', { name: 'Remove bookmark' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

  await scrollSentinel(true);
  await screen.findByText('Saved post 12');
  expect(contents()).toEqual(posts.map((post) => post.content));

  // Unbookmarked here, the card stays with its control off (one tap undoes a slip); the server has let it go.
  const firstCard = within(list).getAllByRole('article')[0];
  await userEvent.click(within(firstCard).getByRole('button', { name: 'Remove bookmark' }));
  await waitFor(() => expect(within(firstCard).getByRole('button', { name: 'Bookmark' })).toBeEnabled());
  expect(await savedContents(member)).not.toContain('Saved post 1');
  expect(contents()).toHaveLength(12);
}, 30_000);

test('a failed first page says so in plain words, with Try again', async () => {
  await backend.services[1].stop();
  renderWithSdk(reader, <BookmarksScreen />);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Unable to load bookmarks. Please try again.');
  await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load bookmarks. Please try again.');
});
