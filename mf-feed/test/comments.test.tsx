import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { DevCircleSdk } from '@devcircle/sdk';
import { CommentsSection, type Post } from '@devcircle/ui/post-card';
import { publish, renderWithSdk, startWebBackend, type WebBackend } from './harness';
import { holdRequests } from '../../test-support/hold-requests';

let backend: WebBackend;
let alice: DevCircleSdk;
let bob: DevCircleSdk;

beforeAll(async () => {
  backend = await startWebBackend();
  alice = await backend.signUp();
  bob = await backend.signUp();
}, 60_000);

afterAll(() => backend.stop());

afterEach(() => jest.restoreAllMocks());

/** The card's part: holds the post and takes every post the section hands back, like the post card does. */
function Card({ initial }: { initial: Post }) {
  const [post, setPost] = useState(initial);
  return <CommentsSection post={post} onPostChange={setPost} />;
}

const postPath = (post: Post) => `/api/posts/${post._id}`;
const fetchPost = (post: Post) => alice.api.get<Post>(postPath(post));
const comment = (sdk: DevCircleSdk, post: Post, text: string) =>
  sdk.api.post<Post>(`${postPath(post)}/comment`, { text });

async function postWithComments(count: number, sdk = alice): Promise<Post> {
  let post = await publish(alice, 'A post to comment on');
  for (let n = 1; n <= count; n++) post = await comment(sdk, post, `comment ${n}`);
  return post;
}

function renderCard(post: Post, sdk = alice) {
  return renderWithSdk(sdk, <Card initial={post} />);
}

const shownTexts = () =>
  screen.queryAllByRole('article').map((article) => within(article).getByText(/^comment /).textContent);

test('with none it invites the first comment; a comment is trimmed, posted with Posting..., and shown', async () => {
  const user = userEvent.setup();
  const post = await publish(alice, 'Nobody has commented yet');
  renderCard(post);
  expect(screen.getByText('No comments yet. Be the first to comment!')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Add a comment' }));
  const box = screen.getByLabelText('Your comment');
  await user.type(box, '   ');
  expect(screen.getByRole('button', { name: 'Comment' })).toBeDisabled();

  await user.clear(box);
  await user.type(box, '  First line{Enter}second line  ');
  const held = holdRequests((method) => method === 'POST');
  await user.click(screen.getByRole('button', { name: 'Comment' }));
  expect(await screen.findByRole('button', { name: 'Posting...' })).toBeDisabled();

  await act(async () => held.release());
  // The form closes once the server has answered (a textarea's text would match the queries below).
  await waitFor(() => expect(screen.queryByLabelText('Your comment')).not.toBeInTheDocument());
  // Line breaks are kept, the surrounding spaces are not.
  expect(screen.getByText(/First line/).textContent).toBe('First line\nsecond line');
  expect(screen.queryByText('No comments yet. Be the first to comment!')).not.toBeInTheDocument();

  const saved = await fetchPost(post);
  expect(saved.commentsCount).toBe(1);
  expect(saved.comments[0]?.text).toBe('First line\nsecond line');
});

test('the comment box counts to 500 and takes no more; Cancel closes it without a call', async () => {
  const user = userEvent.setup();
  const post = await publish(alice, 'Long comments welcome');
  renderCard(post);
  await user.click(screen.getByRole('button', { name: 'Add a comment' }));
  const box = screen.getByLabelText<HTMLTextAreaElement>('Your comment');
  expect(screen.getByText('0/500')).toBeInTheDocument();

  await user.type(box, 'abc');
  expect(screen.getByText('3/500')).toBeInTheDocument();
  await user.click(box);
  await user.paste('x'.repeat(600));
  expect(box.value).toHaveLength(500);
  expect(screen.getByText('500/500')).toBeInTheDocument();

  const spy = holdRequests();
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByLabelText('Your comment')).not.toBeInTheDocument();
  expect(spy.calls).toEqual([]);
  expect((await fetchPost(post)).commentsCount).toBe(0);
});

test('a failed add is only logged, with no alert', async () => {
  const user = userEvent.setup();
  const post = await publish(alice, 'About to vanish');
  renderCard(post);
  await alice.api.delete(postPath(post));
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const alerted = jest.spyOn(window, 'alert').mockImplementation(() => undefined);

  await user.click(screen.getByRole('button', { name: 'Add a comment' }));
  await user.type(screen.getByLabelText('Your comment'), 'Too late');
  await user.click(screen.getByRole('button', { name: 'Comment' }));

  await waitFor(() => expect(logged).toHaveBeenCalledWith('Failed to add comment', expect.anything()));
  expect(alerted).not.toHaveBeenCalled();
  expect(screen.getByRole('button', { name: 'Comment' })).toBeEnabled();
});

test('three show at first, newest first; View N more comments adds three at a time', async () => {
  const user = userEvent.setup();
  renderCard(await postWithComments(8));
  expect(shownTexts()).toEqual(['comment 8', 'comment 7', 'comment 6']);

  await user.click(screen.getByRole('button', { name: 'View 5 more comments' }));
  expect(shownTexts()).toEqual([
    'comment 8',
    'comment 7',
    'comment 6',
    'comment 5',
    'comment 4',
    'comment 3',
  ]);

  await user.click(screen.getByRole('button', { name: 'View 2 more comments' }));
  expect(shownTexts()).toHaveLength(8);
  expect(screen.queryByRole('button', { name: /^View \d+ more/ })).not.toBeInTheDocument();
});

test('beyond the 50 the post carries, older comments are fetched and N counts them all along', async () => {
  const user = userEvent.setup();
  const post = await postWithComments(55);
  expect(post.comments).toHaveLength(50);
  expect(post.hasMoreComments).toBe(true);
  const requests = holdRequests();
  renderCard(post);

  expect(screen.getByRole('button', { name: 'View 52 more comments' })).toBeInTheDocument();
  for (let clicks = 0; clicks < 15; clicks++)
    await user.click(screen.getByRole('button', { name: /^View \d+ more/ }));
  expect(shownTexts()).toHaveLength(48);
  expect(screen.getByRole('button', { name: 'View 7 more comments' })).toBeInTheDocument();
  expect(requests.calls).toEqual([]);

  // 51 wanted, 50 loaded: the next ones come from the comments endpoint.
  await user.click(screen.getByRole('button', { name: 'View 7 more comments' }));
  expect(await screen.findByText('comment 5')).toBeInTheDocument();
  expect(requests.calls).toEqual([`GET ${postPath(post)}/comments`]);
  expect(screen.getByRole('button', { name: 'View 4 more comments' })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'View 4 more comments' }));
  await user.click(screen.getByRole('button', { name: 'View 1 more comment' }));
  expect(shownTexts()).toHaveLength(55);
  expect(shownTexts()[54]).toBe('comment 1');
  expect(screen.queryByRole('button', { name: /^View \d+ more/ })).not.toBeInTheDocument();
  expect(requests.calls).toHaveLength(1);
}, 30_000); // Seeding 55 comments and clicking through them takes a few seconds.

test('deleted comments and comments without a user are hidden', () => {
  const at = new Date().toISOString();
  const author = { _id: 'u1', username: 'ada', displayName: 'Ada' };
  const post: Post = {
    _id: 'p1',
    author,
    content: 'Older data',
    createdAt: at,
    likes: 0,
    likedByMe: false,
    bookmarkedByMe: false,
    comments: [
      { _id: 'c4', user: author, text: 'comment kept', createdAt: at, updatedAt: at },
      { _id: 'c3', user: author, text: 'comment deleted', createdAt: at, updatedAt: at, deleted: true },
      { _id: 'c2', user: null, text: 'comment orphaned', createdAt: at, updatedAt: at },
      { _id: 'c1', user: author, text: 'comment also kept', createdAt: at, updatedAt: at },
    ],
    commentsCount: 4,
    hasMoreComments: false,
  };
  renderCard(post);
  expect(shownTexts()).toEqual(['comment kept', 'comment also kept']);
  expect(screen.queryByRole('button', { name: /^View \d+ more/ })).not.toBeInTheDocument();
});

test('each comment shows who wrote it, linking to the profile, and when', async () => {
  const post = await postWithComments(1, bob);
  const { navigations } = renderCard(post);
  const bobName = bob.auth.getState().user!.username;
  const link = screen.getByRole('link', { name: bobName });
  expect(link).toHaveAttribute('href', `/profile/${bobName}`);
  expect(within(screen.getByRole('article')).getByText('Just now')).toBeInTheDocument();
  expect(screen.queryByText('edited')).not.toBeInTheDocument();

  await userEvent.setup().click(link);
  expect(navigations).toEqual([`/profile/${bobName}`]);
});

test("only the comment's author gets the menu", async () => {
  let post = await publish(alice, 'Two voices');
  post = await comment(bob, post, 'comment from bob');
  post = await comment(alice, post, 'comment from alice');
  renderCard(post);
  const [mine, theirs] = screen.getAllByRole('article');
  expect(within(mine!).getByRole('button', { name: 'Comment actions' })).toBeInTheDocument();
  expect(within(theirs!).getByText('comment from bob')).toBeInTheDocument();
  expect(within(theirs!).queryByRole('button', { name: 'Comment actions' })).not.toBeInTheDocument();
});

test('the menu works from the keyboard and closes on Escape and on an outside click', async () => {
  const user = userEvent.setup();
  renderCard(await postWithComments(1));
  const trigger = screen.getByRole('button', { name: 'Comment actions' });

  trigger.focus();
  await user.keyboard('{Enter}');
  expect(trigger).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
  await user.keyboard('{ArrowDown}');
  expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
  await user.keyboard('{ArrowDown}');
  expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  expect(trigger).toHaveFocus();

  await user.click(trigger);
  expect(screen.getByRole('menu')).toBeInTheDocument();
  await user.click(screen.getByText('comment 1'));
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
});

async function startEditing(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Comment actions' }));
  await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
  return screen.getByLabelText<HTMLTextAreaElement>('Edit comment');
}

test('an edit is saved with Saving..., trimmed, and marked edited', async () => {
  const user = userEvent.setup();
  const post = await postWithComments(1);
  renderCard(post);
  const box = await startEditing(user);
  expect(box.value).toBe('comment 1');

  await user.clear(box);
  await user.type(box, '  comment 1, improved  ');
  const held = holdRequests((method) => method === 'PUT');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();

  await act(async () => held.release());
  await waitFor(() => expect(screen.queryByLabelText('Edit comment')).not.toBeInTheDocument());
  expect(screen.getByText('comment 1, improved')).toBeInTheDocument();
  expect(screen.getByText('edited')).toBeInTheDocument();
  expect((await fetchPost(post)).comments[0]?.text).toBe('comment 1, improved');
});

test('an unchanged or empty edit is cancelled without a call', async () => {
  const user = userEvent.setup();
  renderCard(await postWithComments(1));
  const requests = holdRequests();

  let box = await startEditing(user);
  await user.type(box, '   ');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(screen.queryByLabelText('Edit comment')).not.toBeInTheDocument();

  box = await startEditing(user);
  await user.clear(box);
  await user.type(box, '  ');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(screen.queryByLabelText('Edit comment')).not.toBeInTheDocument();

  expect(requests.calls).toEqual([]);
  expect(screen.getByText('comment 1')).toBeInTheDocument();
  expect(screen.queryByText('edited')).not.toBeInTheDocument();
});

test('a failed edit alerts the server message and keeps the editor', async () => {
  const user = userEvent.setup();
  const post = await postWithComments(1);
  renderCard(post);
  // Another session of the same user deleted it meanwhile.
  await alice.api.delete(`${postPath(post)}/comment/${post.comments[0]!._id}`);
  const alerted = jest.spyOn(window, 'alert').mockImplementation(() => undefined);

  const box = await startEditing(user);
  await user.type(box, ' again');
  await user.click(screen.getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(alerted).toHaveBeenCalledWith('Comment not found'));
  expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  expect(screen.getByLabelText('Edit comment')).toHaveValue('comment 1 again');
});

test('the comment box and its editor suggest members for @ as the composer does, and stay textboxes', async () => {
  const user = userEvent.setup();
  const member = `cmention${process.pid}`;
  await backend.signUp(member);
  const post = await publish(alice, 'Who should see this?');
  renderCard(post);
  const pickFor = async (box: HTMLElement, typed: string) => {
    await user.type(box, typed);
    const list = await screen.findByRole('listbox', { name: 'Members to mention' });
    const option = await within(list).findByRole('option', { name: new RegExp(`@${member}`) });
    await waitFor(() => expect(box).toHaveAttribute('aria-activedescendant', option.id));
    expect(box).not.toHaveAttribute('aria-expanded');
  };

  await user.click(screen.getByRole('button', { name: 'Add a comment' }));
  const box = screen.getByRole('textbox', { name: 'Your comment' });
  await pickFor(box, `ask @${member.slice(0, 6)}`);
  await user.keyboard('{Enter}');
  await waitFor(() => expect(box).toHaveValue(`ask @${member} `));
  await user.click(screen.getByRole('button', { name: 'Comment' }));
  expect(await screen.findByRole('link', { name: `@${member}` })).toHaveAttribute(
    'href',
    `/profile/${member}`,
  );

  const editor = await startEditing(user);
  expect(editor).toHaveRole('textbox');
  await pickFor(editor, ` and @${member.slice(0, 7)}`);
  await user.click(screen.getByRole('option', { name: new RegExp(`@${member}`) }));
  await waitFor(() => expect(editor).toHaveValue(`ask @${member} and @${member} `));
});

test('a delete shows Deleting..., then the comment is gone here and on the server', async () => {
  const user = userEvent.setup();
  const post = await postWithComments(2);
  renderCard(post);
  expect(shownTexts()).toEqual(['comment 2', 'comment 1']);

  const held = holdRequests((method) => method === 'DELETE');
  // The oldest one: what the post's window no longer holds must not linger.
  await user.click(screen.getAllByRole('button', { name: 'Comment actions' })[1]!);
  await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
  expect(await screen.findByText('Deleting...')).toBeInTheDocument();

  await act(async () => held.release());
  await waitFor(() => expect(screen.queryByText('Deleting...')).not.toBeInTheDocument());
  expect(shownTexts()).toEqual(['comment 2']);
  const saved = await fetchPost(post);
  expect(saved.commentsCount).toBe(1);
  expect(saved.comments.map(({ text }) => text)).toEqual(['comment 2']);
});

test('a failed delete alerts the server message', async () => {
  const user = userEvent.setup();
  const post = await postWithComments(1);
  renderCard(post);
  await alice.api.delete(postPath(post));
  const alerted = jest.spyOn(window, 'alert').mockImplementation(() => undefined);

  await user.click(screen.getByRole('button', { name: 'Comment actions' }));
  await user.click(screen.getByRole('menuitem', { name: 'Delete' }));

  await waitFor(() => expect(alerted).toHaveBeenCalledWith("This post doesn't exist or was deleted."));
  expect(screen.getByText('comment 1')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Comment actions' })).toBeInTheDocument();
});

test('older comments stay right through an add, an edit and a delete beyond the 50', async () => {
  const user = userEvent.setup();
  const post = await postWithComments(51);
  renderCard(post);
  const moreButton = () => screen.queryByRole('button', { name: /^View \d+ more/ });
  for (let more = moreButton(); more; more = moreButton()) {
    await user.click(more);
    // Wait out a fetch of older comments (the button is busy meanwhile).
    await waitFor(() => expect(moreButton() ?? document.body).not.toHaveAttribute('aria-busy'));
  }
  expect(shownTexts()).toHaveLength(51);

  // The new comment pushes 'comment 2' out of the post's latest 50: it must still be listed.
  await user.click(screen.getByRole('button', { name: 'Add a comment' }));
  await user.type(screen.getByLabelText('Your comment'), 'comment 52');
  await user.click(screen.getByRole('button', { name: 'Comment' }));
  await waitFor(() => expect(shownTexts()[0]).toBe('comment 52'));
  expect(shownTexts()).toHaveLength(52);
  expect(shownTexts().slice(-2)).toEqual(['comment 2', 'comment 1']);

  // 'comment 1' is not in the post the edit answers; its new text still shows.
  const oldest = screen.getAllByRole('article')[51]!;
  await user.click(within(oldest).getByRole('button', { name: 'Comment actions' }));
  await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
  await user.type(screen.getByLabelText('Edit comment'), ', edited later');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.queryByLabelText('Edit comment')).not.toBeInTheDocument());
  expect(shownTexts()[51]).toBe('comment 1, edited later');
  expect(within(screen.getAllByRole('article')[51]!).getByText('edited')).toBeInTheDocument();

  await user.click(
    within(screen.getAllByRole('article')[50]!).getByRole('button', { name: 'Comment actions' }),
  );
  await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
  await waitFor(() => expect(shownTexts()).toHaveLength(51));
  expect(shownTexts().slice(-2)).toEqual(['comment 3', 'comment 1, edited later']);
  expect((await fetchPost(post)).commentsCount).toBe(51);
}, 30_000);
