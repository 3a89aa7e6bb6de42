import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProfileScreen } from '../src/features/profile/ProfileScreen';
import { renderWithSdk, startWebBackend, type WebBackend } from './harness';
import { publishMany, signUpWithProfile } from './users';

let backend: WebBackend;

beforeAll(async () => {
  backend = await startWebBackend();
}, 60_000);

afterAll(() => backend.stop());

const postList = () => screen.getByRole('list', { name: 'Posts' });
const postTexts = () =>
  within(postList())
    .getAllByRole('article')
    .map((article) => article.querySelector('p')?.textContent);

/** The number shown for a metric ('Posts', 'Likes') in Profile Metrics. */
function metric(label: string): string | null | undefined {
  const region = screen.getByRole('region', { name: 'Profile Metrics' });
  return within(region).getByText(label).previousElementSibling?.textContent;
}

test('8 posts first, Load More Posts appends the rest, then the end-of-posts divider', async () => {
  const ada = await signUpWithProfile(backend, 'ada');
  await publishMany(ada, 10);
  const reader = await signUpWithProfile(backend, 'reader');
  renderWithSdk(reader, <ProfileScreen username="ada" />);

  await screen.findByRole('list', { name: 'Posts' });
  expect(postTexts()).toEqual([
    'Post 10',
    'Post 9',
    'Post 8',
    'Post 7',
    'Post 6',
    'Post 5',
    'Post 4',
    'Post 3',
  ]);
  expect(screen.getByText('10 posts')).toBeInTheDocument();
  expect(metric('Posts')).toBe('10');
  expect(screen.queryByRole('separator', { name: 'End of posts' })).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Load More Posts' }));
  expect(await screen.findByRole('separator', { name: 'End of posts' })).toBeInTheDocument();
  expect(postTexts()).toHaveLength(10);
  expect(postTexts().slice(-2)).toEqual(['Post 2', 'Post 1']);
  expect(screen.queryByRole('button', { name: 'Load More Posts' })).not.toBeInTheDocument();
  // Not the owner: no delete control.
  expect(screen.queryByRole('button', { name: 'Delete post' })).not.toBeInTheDocument();
});

test('the owner deletes a post: gone from the list and the server, total and more recalculated', async () => {
  const bob = await signUpWithProfile(backend, 'bob');
  await publishMany(bob, 9);
  renderWithSdk(bob, <ProfileScreen username="bob" />);
  await screen.findByRole('list', { name: 'Posts' });
  expect(postTexts()).toHaveLength(8);
  expect(screen.getByText('9 posts')).toBeInTheDocument();
  expect(metric('Posts')).toBe('9');

  const newest = within(postList()).getAllByRole('article')[0];
  const postId = within(newest)
    .getByRole('link', { name: /View Details/ })
    .getAttribute('href')
    ?.split('/')[2];
  await userEvent.click(within(newest).getByRole('button', { name: 'Delete post' }));
  const dialog = within(newest).getByRole('dialog', { name: 'Are you sure you want to delete this post?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

  await waitFor(() => expect(screen.queryByText('Post 9')).not.toBeInTheDocument());
  expect(screen.getByText('8 posts')).toBeInTheDocument();
  expect(metric('Posts')).toBe('8');
  expect(postTexts()).toHaveLength(7);
  await expect(bob.api.get(`/api/posts/${postId}`)).rejects.toMatchObject({ status: 404 });

  // 7 listed of 8: one more to load, and it is the one the deletion pulled onto page 1 (none skipped).
  await userEvent.click(screen.getByRole('button', { name: 'Load More Posts' }));
  expect(await screen.findByRole('separator', { name: 'End of posts' })).toBeInTheDocument();
  expect(postTexts()).toEqual([
    'Post 8',
    'Post 7',
    'Post 6',
    'Post 5',
    'Post 4',
    'Post 3',
    'Post 2',
    'Post 1',
  ]);
});

test("a post is the feed's card: badge, highlighting, the 15-line fold, Copy, like (Likes follows), comments", async () => {
  const cyd = await signUpWithProfile(backend, 'cyd');
  const content = 'First <b>bold?</b>\nSecond line';
  const code = Array.from({ length: 20 }, (_, index) => `const line${index + 1} = ${index + 1};`).join('\n');
  const post = await cyd.api.post<{ _id: string }>('/api/posts', {
    content,
    codeSnippet: code,
    codeLanguage: 'javascript',
  });
  const fan = await signUpWithProfile(backend, 'fan');
  await fan.api.post(`/api/posts/${post._id}/comment`, { text: 'Nice' });

  const view = renderWithSdk(fan, <ProfileScreen username="cyd" />);
  const article = await screen.findByRole('article', { name: 'Post by cyd' });
  expect(article.querySelector('p')?.textContent).toBe(content);
  expect(article.querySelector('b')).toBeNull();
  expect(within(article).getByRole('link', { name: 'cyd' })).toHaveAttribute('href', '/profile/cyd');

  // The code block: its badge as the feed writes it, folded at 15 of 20 lines, highlighted, with Copy.
  const snippet = within(article).getByRole('region', { name: 'JavaScript code snippet' });
  expect(within(article).getByText('JavaScript')).toBeInTheDocument();
  expect(snippet.textContent).toContain('line15');
  expect(snippet.textContent).not.toContain('line16');
  await userEvent.click(within(article).getByRole('button', { name: 'View full code (20 lines)' }));
  expect(snippet.textContent).toContain('line20');
  expect((await within(snippet).findAllByText('const'))[0]).toHaveClass('token', 'keyword');
  expect(within(article).getByRole('button', { name: 'Copy' })).toBeInTheDocument();

  // Like from the profile: the card and the Likes metric follow.
  expect(metric('Likes')).toBe('0');
  await userEvent.click(within(article).getByRole('button', { name: 'Like, 0 likes' }));
  expect(await within(article).findByRole('button', { name: 'Like, 1 like' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(metric('Likes')).toBe('1');

  // Comments open in place.
  await userEvent.click(within(article).getByRole('button', { name: '1 Comment' }));
  expect(await within(article).findByText('Nice')).toBeInTheDocument();

  const details = within(article).getByRole('link', { name: 'View Details' });
  expect(details).toHaveAttribute('href', `/post/${post._id}`);
  await userEvent.click(details);
  expect(view.navigations).toEqual([`/post/${post._id}`]);
});

test('no posts: the owner is offered "Create your first post", a visitor sees only the empty line', async () => {
  const dee = await signUpWithProfile(backend, 'dee');
  const own = renderWithSdk(dee, <ProfileScreen username="dee" />);
  const create = await screen.findByRole('link', { name: 'Create your first post' });
  expect(create).toHaveAttribute('href', '/create-post');
  own.unmount();

  const visitor = await signUpWithProfile(backend, 'visitor2');
  renderWithSdk(visitor, <ProfileScreen username="dee" />);
  expect(await screen.findByText('No posts yet')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Create your first post' })).not.toBeInTheDocument();
});
