import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FeedPage, Post } from '@devcircle/contracts';
import type { DevCircleSdk } from '@devcircle/sdk';
import { CreatePostScreen } from '../src/features/create-post/CreatePostScreen';
import { renderWithSdk, startWebBackend, type WebBackend } from './harness';
import { holdRequests } from '../../test-support/hold-requests';

let backend: WebBackend;
let author: DevCircleSdk;

beforeAll(async () => {
  backend = await startWebBackend();
  author = await backend.signUp();
}, 60_000);

afterAll(() => backend.stop());

afterEach(() => {
  jest.restoreAllMocks();
  // jsdom has no matchMedia; the narrow-screen test adds one.
  delete (window as Partial<Window>).matchMedia;
});

function renderScreen(sdk = author) {
  const rendered = renderWithSdk(sdk, <CreatePostScreen />);
  return {
    ...rendered,
    text: screen.getByLabelText<HTMLTextAreaElement>('What do you want to share?'),
    language: screen.getByLabelText<HTMLSelectElement>('Language'),
    code: screen.getByLabelText<HTMLTextAreaElement>('Code snippet (optional)'),
  };
}

const publishButton = () => screen.getByRole('button', { name: /^(Publish|Publishing\.\.\.)$/ });
const cancelButton = () => screen.queryByRole('button', { name: 'Cancel' });

/** Narrow (under 640 px) or wide, as the browser would answer the screen's media query. */
function screenWidth(px: number) {
  window.matchMedia = (query: string) =>
    ({
      matches: query === '(max-width: 639px)' && px <= 639,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }) as unknown as MediaQueryList;
}

async function newestPostOf(sdk: DevCircleSdk): Promise<Post | undefined> {
  const { posts } = await sdk.api.get<FeedPage>('/api/posts?limit=10');
  return posts.find((post) => post.author._id === sdk.auth.getState().user?.id);
}

test('Publish is disabled while the text is empty; spaces only answer Post content is required', async () => {
  const user = userEvent.setup();
  const createPost = jest.spyOn(author.api, 'post');
  const { text } = renderScreen();
  expect(screen.getByRole('heading', { level: 1, name: 'Create Post' })).toBeInTheDocument();
  expect(publishButton()).toBeDisabled();

  await user.type(text, '   ');
  expect(publishButton()).toBeEnabled();
  await user.click(publishButton());
  expect(await screen.findByRole('alert')).toHaveTextContent('Post content is required');
  expect(createPost).not.toHaveBeenCalled();
  // Editing the text clears the error (§5).
  await user.type(text, 'x');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('the text counter reads n/2000 with Good up to 1600, Getting long above, Almost full above 1800', async () => {
  const user = userEvent.setup();
  const { text } = renderScreen();
  expect(screen.getByText('0/2000')).toBeInTheDocument();
  expect(screen.getByText('Good')).toBeInTheDocument();

  await user.click(text);
  await user.paste('a'.repeat(1600));
  expect(screen.getByText('1600/2000')).toBeInTheDocument();
  expect(screen.getByText('Good')).toBeInTheDocument();

  await user.type(text, 'b');
  expect(screen.getByText('1601/2000')).toBeInTheDocument();
  expect(screen.getByText('Getting long')).toBeInTheDocument();

  await user.paste('c'.repeat(199));
  expect(screen.getByText('1800/2000')).toBeInTheDocument();
  expect(screen.getByText('Getting long')).toBeInTheDocument();

  await user.type(text, 'd');
  expect(screen.getByText('1801/2000')).toBeInTheDocument();
  expect(screen.getByText('Almost full')).toBeInTheDocument();

  await user.paste('e'.repeat(500));
  expect(text.value).toHaveLength(2000);
  expect(screen.getByText('2000/2000')).toBeInTheDocument();
});

test('the code box counts to 5000 and takes no more', async () => {
  const user = userEvent.setup();
  const { code } = renderScreen();
  expect(screen.getByText('0/5000')).toBeInTheDocument();
  await user.click(code);
  await user.paste('x'.repeat(5100));
  expect(code.value).toHaveLength(5000);
  expect(screen.getByText('5000/5000')).toBeInTheDocument();
});

test('choosing a language loads its starter comment; clearing the choice empties the code box', async () => {
  const user = userEvent.setup();
  const { language, code } = renderScreen();
  expect(
    within(language)
      .getAllByRole('option')
      .map((option) => option.getAttribute('value')),
  ).toEqual(['', 'javascript', 'python', 'java', 'cpp', 'react', 'html', 'css', 'sql', 'json', 'other']);

  await user.selectOptions(language, 'javascript');
  expect(code.value).toBe('// Write your JavaScript code here');
  await user.selectOptions(language, 'python');
  expect(code.value).toBe('# Write your Python code here');
  await user.selectOptions(language, 'html');
  expect(code.value).toBe('<!-- Write your HTML code here -->');
  await user.selectOptions(language, 'other');
  expect(code.value).toBe('// mention your language');

  await user.selectOptions(language, '');
  expect(code.value).toBe('');
});

test('the preview shows the post as it will look, with the author and 0 Comments', async () => {
  const user = userEvent.setup();
  const { text, language } = renderScreen();
  const preview = screen.getByRole('article', { name: 'Post preview' });
  expect(within(preview).getByText(author.auth.getState().user!.username)).toBeInTheDocument();
  expect(within(preview).getByText('0 Comments')).toBeInTheDocument();

  await user.type(text, 'Line one{Enter}Line two');
  expect(within(preview).getByText(/Line one/).textContent).toBe('Line one\nLine two');
  await user.selectOptions(language, 'python');
  expect(within(preview).getByText('Python')).toBeInTheDocument();
  expect(within(preview).getByRole('region', { name: 'Python code snippet' })).toHaveTextContent(
    '# Write your Python code here',
  );
});

test('Cancel shows once there is something to discard; on a wide screen it clears the form at once', async () => {
  const user = userEvent.setup();
  screenWidth(1024);
  const { text, language, code } = renderScreen();
  expect(cancelButton()).not.toBeInTheDocument();
  // Typing anything, even spaces, reveals Cancel (§4).
  await user.type(text, '  ');
  expect(cancelButton()).toBeInTheDocument();

  await user.type(text, 'Draft');
  await user.selectOptions(language, 'css');
  await user.click(cancelButton()!);

  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(text.value).toBe('');
  expect(language.value).toBe('');
  expect(code.value).toBe('');
  expect(cancelButton()).not.toBeInTheDocument();
  expect(publishButton()).toBeDisabled();
});

test('under 640 px Cancel asks first: Back keeps the post, Discard All clears it', async () => {
  const user = userEvent.setup();
  screenWidth(375);
  const { text, language, code } = renderScreen();
  await user.type(text, 'Draft on a phone');
  await user.selectOptions(language, 'sql');

  await user.click(cancelButton()!);
  let dialog = screen.getByRole('dialog', { name: 'Are you sure you want to cancel your post?' });
  expect(dialog).toHaveTextContent('Your changes will be lost if you leave this page.');
  await user.click(within(dialog).getByRole('button', { name: 'Back' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(text.value).toBe('Draft on a phone');
  expect(code.value).toBe('-- Write your SQL query here');

  await user.click(cancelButton()!);
  dialog = screen.getByRole('dialog', { name: 'Are you sure you want to cancel your post?' });
  await user.click(within(dialog).getByRole('button', { name: 'Discard All' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(text.value).toBe('');
  expect(language.value).toBe('');
  expect(code.value).toBe('');
});

test('Publish sends the trimmed text, snippet and language, shows Publishing..., then goes to /feed', async () => {
  const user = userEvent.setup();
  const sdk = await backend.signUp();
  const { text, language, code, navigations } = renderScreen(sdk);
  await user.type(text, '  Hello{Enter}DevCircle  ');
  await user.selectOptions(language, 'javascript');
  await user.clear(code);
  await user.type(code, '  const answer = 42;  ');

  const held = holdRequests((method) => method === 'POST');
  await user.click(publishButton());
  expect(publishButton()).toHaveTextContent('Publishing...');
  expect(publishButton()).toBeDisabled();
  expect(navigations).toEqual([]);

  await act(async () => held.release());
  await waitFor(() => expect(navigations).toEqual(['/feed']));
  const saved = await newestPostOf(sdk);
  expect(saved).toMatchObject({
    content: 'Hello\nDevCircle',
    codeSnippet: 'const answer = 42;',
    codeLanguage: 'javascript',
  });
});

test('a snippet of only spaces is not sent, nor its language', async () => {
  const user = userEvent.setup();
  const sdk = await backend.signUp();
  const { text, language, code, navigations } = renderScreen(sdk);
  await user.type(text, 'Just words');
  await user.selectOptions(language, 'python');
  await user.clear(code);
  await user.type(code, '   ');
  await user.click(publishButton());

  await waitFor(() => expect(navigations).toEqual(['/feed']));
  const saved = await newestPostOf(sdk);
  expect(saved?.content).toBe('Just words');
  expect(saved?.codeSnippet).toBeUndefined();
  expect(saved?.codeLanguage).toBeUndefined();
});

test("a refused publish shows the server's message and stays on the page", async () => {
  const user = userEvent.setup();
  const sdk = await backend.signUp();
  const { text, navigations } = renderScreen(sdk);
  await user.type(text, 'Written before the password changed');

  // Another device changes the password: this session's token is revoked.
  const { id } = sdk.auth.getState().user!;
  const changed = await fetch(`${backend.url}/api/users/${id}/password`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${sdk.auth.getState().token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      currentPassword: 'secret123',
      newPassword: 'secret456',
      confirmPassword: 'secret456',
    }),
  });
  expect(changed.status).toBe(200);

  await user.click(publishButton());
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Your session is no longer valid. Please log in again.',
  );
  expect(navigations).toEqual([]);
  expect(publishButton()).toHaveTextContent('Publish');

  // Editing the text clears the message.
  await user.type(text, '!');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('without a server message the error reads Failed to create post', async () => {
  const user = userEvent.setup();
  const { text } = renderScreen();
  await user.type(text, 'Into the void');
  jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 500 }));
  await user.click(publishButton());
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create post');
});
