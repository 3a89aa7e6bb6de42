import { useState } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DevCircleSdk } from '@devcircle/sdk';
import { FeedScreen } from '../src/features/feed/FeedScreen';
import { CodeBlock, PostCard, type Post } from '@devcircle/ui/post-card';
import { publish, renderWithSdk, startWebBackend, type WebBackend } from './harness';
import { installIntersectionObserver } from './intersectionObserver';

let backend: WebBackend;
let owner: DevCircleSdk;
let other: DevCircleSdk;
let writeText: jest.Mock;

beforeAll(async () => {
  installIntersectionObserver();
  backend = await startWebBackend();
  owner = await backend.signUp('ada');
  other = await backend.signUp('grace');
}, 60_000);

afterAll(() => backend.stop());

beforeEach(() => {
  window.sessionStorage.setItem('hasSeenFeedModal', 'true');
  writeText = jest.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
});

/** A card that keeps the post it is given back, as the feed does. */
function StatefulCard({ initial, expanded }: { initial: Post; expanded?: boolean }) {
  const [post, setPost] = useState(initial);
  const [deleted, setDeleted] = useState<string | null>(null);
  if (deleted) return <p>Deleted {deleted}</p>;
  return <PostCard post={post} onChange={setPost} onDeleted={setDeleted} expanded={expanded} />;
}

const lines = (count: number) => Array.from({ length: count }, (_, index) => `line ${index + 1}`).join('\n');

test('the author line: avatar, name linking to the profile, "posted on" and the date', async () => {
  const post = await publish(owner, 'Author line');
  const view = renderWithSdk(
    other,
    <StatefulCard initial={{ ...post, createdAt: '2026-11-21T12:00:00.000Z' }} />,
  );
  const name = screen.getByRole('link', { name: 'ada' });
  expect(name).toHaveAttribute('href', '/profile/ada');
  expect(screen.getByText(/posted on/)).toHaveTextContent('posted on Nov 21, 2026');
  await userEvent.click(name);
  expect(view.navigations).toEqual(['/profile/ada']);
});

test('a non-owner sees the view-profile link and no delete', async () => {
  const post = await publish(owner, 'Not yours');
  renderWithSdk(other, <StatefulCard initial={post} />);
  expect(screen.getByRole('link', { name: "View ada's profile" })).toHaveAttribute('href', '/profile/ada');
  expect(screen.queryByRole('button', { name: 'Delete post' })).not.toBeInTheDocument();
});

test('the owner deletes through the confirm popover: gone from the list and from the server', async () => {
  const post = await publish(owner, 'Delete me from the feed');
  renderWithSdk(owner, <FeedScreen />);
  const card = (await screen.findByText('Delete me from the feed')).closest('article') as HTMLElement;
  expect(within(card).queryByRole('link', { name: /View .* profile/ })).not.toBeInTheDocument();

  // Cancel first: nothing happens.
  await userEvent.click(within(card).getByRole('button', { name: 'Delete post' }));
  let popover = within(card).getByRole('dialog', { name: 'Are you sure you want to delete this post?' });
  expect(within(popover).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  await userEvent.click(within(popover).getByRole('button', { name: 'Cancel' }));
  expect(within(card).queryByRole('dialog')).not.toBeInTheDocument();
  expect(await owner.api.get<Post>(`/api/posts/${post._id}`)).toMatchObject({ _id: post._id });

  await userEvent.click(within(card).getByRole('button', { name: 'Delete post' }));
  popover = within(card).getByRole('dialog', { name: 'Are you sure you want to delete this post?' });
  await userEvent.click(within(popover).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.queryByText('Delete me from the feed')).not.toBeInTheDocument());
  await expect(owner.api.get(`/api/posts/${post._id}`)).rejects.toMatchObject({ status: 404 });
});

test('Escape closes the delete popover and gives focus back to the icon', async () => {
  const post = await publish(owner, 'Escape the popover');
  renderWithSdk(owner, <StatefulCard initial={post} />);
  const trigger = screen.getByRole('button', { name: 'Delete post' });
  await userEvent.click(trigger);
  expect(trigger).toHaveAttribute('aria-expanded', 'true');
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(trigger).toHaveFocus();
});

test('like and unlike round trip: pressed state and the count from the server', async () => {
  const post = await publish(owner, 'Like me');
  await other.api.put(`/api/posts/${post._id}/like`);
  // The card still shows the stale count (0): the server's answer must replace it.
  renderWithSdk(owner, <StatefulCard initial={post} />);
  const like = screen.getByRole('button', { name: 'Like, 0 likes' });
  expect(like).toHaveAttribute('aria-pressed', 'false');

  await userEvent.click(like);
  await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'true'));
  expect(like).toHaveAccessibleName('Like, 2 likes');
  expect(like).toHaveTextContent('2');
  expect(await owner.api.get<Post>(`/api/posts/${post._id}`)).toMatchObject({ likes: 2, likedByMe: true });

  await userEvent.click(like);
  await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'false'));
  expect(like).toHaveAccessibleName('Like, 1 like');
  expect(await owner.api.get<Post>(`/api/posts/${post._id}`)).toMatchObject({ likes: 1, likedByMe: false });
});

test('liking in the feed replaces that post with the returned one', async () => {
  await publish(owner, 'Liked in the feed');
  renderWithSdk(other, <FeedScreen />);
  const card = (await screen.findByText('Liked in the feed')).closest('article') as HTMLElement;
  await userEvent.click(within(card).getByRole('button', { name: 'Like, 0 likes' }));
  expect(await within(card).findByRole('button', { name: 'Like, 1 like' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('the body text is shown as text, with its line breaks, never as HTML', async () => {
  const content = 'First line with <b>html</b>\n<img src=x onerror="alert(1)">\nThird line';
  const post = await publish(owner, content);
  renderWithSdk(other, <StatefulCard initial={post} />);
  const article = screen.getByRole('article');
  // `<` may start markdown: the plain form shows until the renderer's chunk has loaded, and it is the renderer's
  // form (raw HTML off) that stays, so that is the one checked.
  await waitFor(() => expect(article.querySelector('.content')).toHaveClass('markdown'));
  const body = article.querySelector('.content') as HTMLElement;
  // The markup is the text itself (the renderer splits it into spans, so it is read whole, not found by text).
  expect(body.textContent).toBe(content);
  expect(article.querySelector('b')).toBeNull();
  expect(article.querySelector('img')).toBeNull();
});

test('comments toggle: "N Comments" opens the comments, "Hide Comments" closes them', async () => {
  const post = await publish(owner, 'Talk about it');
  await other.api.post(`/api/posts/${post._id}/comment`, { text: 'First!' });
  await other.api.post(`/api/posts/${post._id}/comment`, { text: 'Second!' });
  const fresh = await owner.api.get<Post>(`/api/posts/${post._id}`);
  renderWithSdk(owner, <StatefulCard initial={fresh} />);
  const toggle = screen.getByRole('button', { name: '2 Comments' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByText('First!')).not.toBeInTheDocument();

  await userEvent.click(toggle);
  expect(toggle).toHaveAccessibleName('Hide Comments');
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect(await screen.findByText('First!')).toBeInTheDocument();

  await userEvent.click(toggle);
  expect(screen.queryByText('First!')).not.toBeInTheDocument();
});

test('one comment reads "1 Comment", not "1 Comments"', async () => {
  const post = await publish(owner, 'Just one reply');
  const answered = await other.api.post<Post>(`/api/posts/${post._id}/comment`, { text: 'Only me' });
  renderWithSdk(owner, <StatefulCard initial={answered} />);
  expect(screen.getByRole('button', { name: '1 Comment' })).toHaveAttribute('aria-expanded', 'false');
});

test('View Details links to the post; the expanded view has comments open and no View Details', async () => {
  const post = await publish(owner, 'Details please');
  const view = renderWithSdk(other, <StatefulCard initial={post} />);
  const details = screen.getByRole('link', { name: 'View Details' });
  expect(details).toHaveAttribute('href', `/post/${post._id}`);
  await userEvent.click(details);
  expect(view.navigations).toEqual([`/post/${post._id}`]);
  view.unmount();

  renderWithSdk(other, <StatefulCard initial={post} expanded />);
  expect(screen.queryByRole('link', { name: 'View Details' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Hide Comments' })).toHaveAttribute('aria-expanded', 'true');
  expect(await screen.findByText('No comments yet. Be the first to comment!')).toBeInTheDocument();
});

test('Share opens the link dialog: Copy says Copied!, Escape closes, the page does not scroll meanwhile', async () => {
  const post = await publish(owner, 'Share me');
  renderWithSdk(other, <StatefulCard initial={post} />);
  await userEvent.click(screen.getByRole('button', { name: 'Share' }));
  const dialog = screen.getByRole('dialog', { name: 'Share post' });
  const link = `${window.location.origin}/post/${post._id}`;
  const input = within(dialog).getByRole('textbox', { name: 'Post link' });
  expect(input).toHaveValue(link);
  expect(input).toHaveAttribute('readonly');
  expect(document.body.style.overflow).toBe('hidden');

  await userEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
  expect(writeText).toHaveBeenCalledWith(link);
  expect(within(dialog).getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
  // 'Copied!' for 2 s.
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, 1500)));
  expect(within(dialog).getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
  expect(await within(dialog).findByRole('button', { name: 'Copy' }, { timeout: 1500 })).toBeInTheDocument();

  fireEvent.keyDown(dialog, { key: 'Escape' });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(document.body.style.overflow).toBe('');
});

test('the Share dialog closes with its Close button', async () => {
  const post = await publish(owner, 'Share and close');
  renderWithSdk(other, <StatefulCard initial={post} />);
  await userEvent.click(screen.getByRole('button', { name: 'Share' }));
  await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('a code snippet of the post is shown in the code block with its language badge', async () => {
  const post = await publish(owner, {
    content: 'Some Java',
    codeSnippet: 'public class Main {}',
    codeLanguage: 'java',
  });
  renderWithSdk(other, <StatefulCard initial={post} />);
  const region = screen.getByRole('region', { name: 'Java code snippet' });
  expect(region).toHaveAttribute('tabindex', '0');
  expect(region).toHaveTextContent('public class Main {}');
  expect(screen.getByText('Java')).toBeInTheDocument();
  // The java grammar is fetched when the snippet first shows: then 'public' is a keyword token.
  expect(await within(region).findByText('public')).toHaveClass('token', 'keyword');
});

describe('CodeBlock', () => {
  test('over 15 lines: the first 15, an ellipsis, and the View full code / Show less code toggle', async () => {
    renderWithSdk(owner, <CodeBlock code={lines(20)} language="python" />);
    const region = screen.getByRole('region', { name: 'Python code snippet' });
    expect(region).toHaveTextContent('line 15');
    expect(region).not.toHaveTextContent('line 16');
    expect(region).toHaveTextContent('…');

    const toggle = screen.getByRole('button', { name: 'View full code (20 lines)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(region).toHaveTextContent('line 20');
    expect(region).not.toHaveTextContent('…');
    expect(toggle).toHaveAccessibleName('Show less code');
    await userEvent.click(toggle);
    expect(region).not.toHaveTextContent('line 16');
  });

  test('15 lines or fewer: everything, no toggle', () => {
    renderWithSdk(owner, <CodeBlock code={lines(15)} />);
    expect(screen.getByRole('region')).toHaveTextContent('line 15');
    expect(screen.queryByRole('button', { name: /View full code/ })).not.toBeInTheDocument();
  });

  test('Copy copies the whole snippet (even folded) and says Copied! for about 1.2 s', async () => {
    renderWithSdk(owner, <CodeBlock code={lines(20)} language="javascript" />);
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(lines(20));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 800)));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Copy' }, { timeout: 1000 })).toBeInTheDocument();
  });

  test('badges and grammars: react is JSX, html is markup, other is plain text', async () => {
    const { unmount } = renderWithSdk(owner, <CodeBlock code="const x = <div />;" language="react" />);
    expect(screen.getByText('React')).toBeInTheDocument();
    expect(await within(screen.getByRole('region')).findByText('const')).toHaveClass('keyword');
    unmount();

    const html = renderWithSdk(owner, <CodeBlock code="<p>hi</p>" language="html" />);
    expect(screen.getByText('HTML')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('region').querySelector('.token.tag')).not.toBeNull());
    html.unmount();

    renderWithSdk(owner, <CodeBlock code="SELECT plain" language="other" />);
    expect(screen.getByText('Code')).toBeInTheDocument();
    expect(screen.getByRole('region').querySelector('.keyword')).toBeNull();
  });
});

test('like and delete failures are only logged: the card stays as it was', async () => {
  const post = await publish(owner, 'Already gone');
  await owner.api.delete(`/api/posts/${post._id}`);
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  renderWithSdk(owner, <StatefulCard initial={post} />);

  const like = screen.getByRole('button', { name: 'Like, 0 likes' });
  await userEvent.click(like);
  await waitFor(() => expect(logged).toHaveBeenCalledWith('Failed to toggle like', expect.anything()));
  expect(like).toBeEnabled();
  expect(like).toHaveAttribute('aria-pressed', 'false');

  await userEvent.click(screen.getByRole('button', { name: 'Delete post' }));
  await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(logged).toHaveBeenCalledWith('Failed to delete post', expect.anything()));
  expect(screen.getByRole('article')).toHaveTextContent('Already gone');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  logged.mockRestore();
});

describe('CodeBlock highlighting', () => {
  test('plain text first, in the same box; colours once the grammar has loaded; the text never changes', async () => {
    const code = 'def greet(name):\n    return f"hi {name}"';
    renderWithSdk(owner, <CodeBlock code={code} language="python" />);
    const region = screen.getByRole('region', { name: 'Python code snippet' });
    expect(region.querySelector('pre')).toHaveTextContent(code, { normalizeWhitespace: false });
    expect(await within(region).findByText('def')).toHaveClass('token', 'keyword');
    expect(within(region).getByText('def')).toHaveStyle({ color: 'var(--code-keyword)' });
    expect(region.querySelector('pre')).toHaveTextContent(code, { normalizeWhitespace: false });
    // Rendered as elements, not as HTML: a snippet's markup stays text.
    expect(region.querySelector('script, img')).toBeNull();
  });

  test('a grammar loaded once highlights the next snippet at once', async () => {
    const first = renderWithSdk(owner, <CodeBlock code="SELECT 1" language="sql" />);
    expect(await within(screen.getByRole('region')).findByText('SELECT')).toHaveClass('keyword');
    first.unmount();
    renderWithSdk(owner, <CodeBlock code="SELECT 2" language="sql" />);
    expect(within(screen.getByRole('region')).getByText('SELECT')).toHaveClass('keyword');
  });

  test('markup in a snippet is shown as text, highlighted or not', async () => {
    renderWithSdk(owner, <CodeBlock code={'<img src=x onerror="alert(1)">'} language="html" />);
    const region = screen.getByRole('region');
    await waitFor(() => expect(region.querySelector('.token.tag')).not.toBeNull());
    expect(region.querySelector('img')).toBeNull();
    expect(region).toHaveTextContent('<img src=x onerror="alert(1)">');
  });
});
