// A file of its own: the screens' and the comments' code starts unloaded here (each test file has its own
// modules), so what holds their place while it loads can be seen.
import { useState } from 'react';
import { fireEvent, screen, within } from '@testing-library/react';
import type { DevCircleSdk } from '@devcircle/sdk';
import { SdkProvider } from '@devcircle/sdk/react';
import { FeedApp } from '../src/app/FeedApp';
import { PostCard, type Post } from '@devcircle/ui/post-card';
import { publish, renderWithSdk, startWebBackend, type WebBackend } from './harness';
import { installIntersectionObserver } from './intersectionObserver';
import { holdRequests } from '../../test-support/hold-requests';

let backend: WebBackend;
let sdk: DevCircleSdk;

beforeAll(async () => {
  installIntersectionObserver();
  backend = await startWebBackend();
  sdk = await backend.signUp();
}, 60_000);

afterAll(() => backend.stop());

beforeEach(() => window.sessionStorage.setItem('hasSeenFeedModal', 'true'));

afterEach(() => jest.restoreAllMocks());

const busy = () => document.querySelector('[aria-busy="true"]');

test('/feed comes with the remote: its list and its first page request start at once, no code to wait for', async () => {
  await publish(sdk, 'On the first page');
  const requests = holdRequests();
  renderWithSdk(sdk, <FeedApp path="/feed" />);
  // Already the feed's own loading view (not a placeholder for its code), and the first page already asked for.
  expect(screen.getByRole('heading', { level: 1, name: 'Feed' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Loading posts');
  expect(requests.calls).toEqual(['GET /api/posts']);
  expect(await screen.findByText('On the first page')).toBeInTheDocument();
});

test('/create-post: the skeleton of its title, form and preview while its code loads, then the form', async () => {
  renderWithSdk(sdk, <FeedApp path="/create-post" />);
  expect(busy()).not.toBeNull();
  expect(screen.getByRole('status')).toHaveTextContent('Loading');
  expect(screen.queryByRole('heading')).not.toBeInTheDocument();

  expect(await screen.findByRole('heading', { level: 1, name: 'Create Post' })).toBeInTheDocument();
  expect(screen.getByLabelText('What do you want to share?')).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Preview' })).toHaveTextContent('Your post will appear here.');
  expect(busy()).toBeNull();
});

/** A card that keeps the post it is given back, as the feed does. */
function StatefulCard({ initial }: { initial: Post }) {
  const [post, setPost] = useState(initial);
  return <PostCard post={post} onChange={setPost} onDeleted={() => undefined} />;
}

// Before the detail page, which fetches the comments' code as it starts.
test("a card's comments: a placeholder of their shape (three comments, more, add) until their code arrives", async () => {
  let post = await publish(sdk, 'Much discussed');
  for (let n = 1; n <= 4; n++)
    post = await sdk.api.post<Post>(`/api/posts/${post._id}/comment`, { text: `Reply ${n}` });
  renderWithSdk(sdk, <StatefulCard initial={post} />);

  // A plain click (no pointer over the toggle first, which would start the code's fetch earlier).
  fireEvent.click(screen.getByRole('button', { name: '4 Comments' }));
  const placeholder = busy() as HTMLElement;
  expect(placeholder).not.toBeNull();
  expect(within(placeholder).getByRole('status')).toHaveTextContent('Loading comments');
  expect(placeholder.querySelectorAll('[class~="comment"]')).toHaveLength(3);

  expect(await screen.findByText('Reply 4')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'View 1 more comment' })).toBeInTheDocument();
  expect(busy()).toBeNull();
});

test('/post/{id}: Back to Feed and a loading card while its code and the post load, then the post, comments open', async () => {
  const post = await publish(sdk, 'Worth a closer look');
  await sdk.api.post(`/api/posts/${post._id}/comment`, { text: 'Indeed it is' });
  const view = renderWithSdk(sdk, <FeedApp path={`/post/${post._id}`} />);
  expect(screen.getByRole('link', { name: 'Back to Feed' })).toHaveAttribute('href', '/feed');
  expect(screen.getByRole('status')).toHaveTextContent('Loading post');
  expect(busy()).not.toBeNull();

  expect(await screen.findByText('Worth a closer look')).toBeInTheDocument();
  expect(await screen.findByText('Indeed it is')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Hide Comments' })).toHaveAttribute('aria-expanded', 'true');
  expect(busy()).toBeNull();

  // Another post: the detail screen starts afresh.
  const next = await publish(sdk, 'The next one');
  view.rerender(
    <SdkProvider sdk={sdk}>
      <FeedApp path={`/post/${next._id}`} />
    </SdkProvider>,
  );
  expect(await screen.findByText('The next one')).toBeInTheDocument();
});
