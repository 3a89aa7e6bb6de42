import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProfileScreen } from '../src/features/profile/ProfileScreen';
import { welcomeDismissedKey } from '../src/features/welcome-prompt/welcomeFlag';
import { renderWithSdk, startWebBackend, type WebBackend } from './harness';
import { editProfile, idOf, signUpWithProfile } from './users';

let backend: WebBackend;

beforeAll(async () => {
  backend = await startWebBackend();
}, 60_000);

afterAll(() => backend.stop());

beforeEach(() => window.localStorage.clear());

/** The profile screen once its header is there. */
async function renderProfile(...args: Parameters<typeof renderWithSdk>) {
  const view = renderWithSdk(...args);
  await screen.findByRole('heading', { level: 1 });
  return view;
}

test('a skeleton while loading, then the header: name, @username, joined month and year', async () => {
  const ada = await signUpWithProfile(backend, 'ada');
  await editProfile(ada, { displayName: 'Ada Lovelace' });
  renderWithSdk(ada, <ProfileScreen username="ada" />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading profile');

  expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
  expect(screen.queryByText('Loading profile')).not.toBeInTheDocument();
  expect(screen.getByText('@ada')).toBeInTheDocument();
  const joined = new Date().toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
  expect(screen.getByText(`Joined ${joined}`)).toBeInTheDocument();
});

test('the owner gets Edit Profile (to /edit-profile), Bookmarks (to /bookmarks) and no Follow button', async () => {
  const owner = await signUpWithProfile(backend, 'owner1');
  const view = await renderProfile(owner, <ProfileScreen username="owner1" />);
  const edit = screen.getByRole('link', { name: 'Edit Profile' });
  expect(edit).toHaveAttribute('href', '/edit-profile');
  // Issue 19: on a phone the profile tab is the way to the member's bookmarks.
  expect(screen.getByRole('link', { name: 'Bookmarks' })).toHaveAttribute('href', '/bookmarks');
  expect(screen.queryByRole('button', { name: /^Follow/ })).not.toBeInTheDocument();
  await userEvent.click(edit);
  expect(view.navigations).toEqual(['/edit-profile']);
});

test('the welcome prompt: completion 25% for an empty profile, Update Profile, Maybe Later kept per user', async () => {
  const kim = await signUpWithProfile(backend, 'kim');
  const lee = await signUpWithProfile(backend, 'lee');
  const first = await renderProfile(kim, <ProfileScreen username="kim" />);

  const bar = screen.getByRole('progressbar', { name: 'Profile Completion' });
  expect(bar).toHaveAttribute('aria-valuenow', '25');
  expect(screen.getByText('25%')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Update Profile' })).toHaveAttribute('href', '/edit-profile');

  await userEvent.click(screen.getByRole('button', { name: 'Maybe Later' }));
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  expect(window.localStorage.getItem(welcomeDismissedKey(idOf(kim)))).not.toBeNull();
  first.unmount();

  // Dismissed for kim on this browser: a new visit shows no prompt.
  const again = await renderProfile(kim, <ProfileScreen username="kim" />);
  expect(screen.getByRole('link', { name: 'Edit Profile' })).toBeInTheDocument();
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  again.unmount();

  // Another user on the same browser still gets theirs.
  await renderProfile(lee, <ProfileScreen username="lee" />);
  expect(screen.getByRole('progressbar', { name: 'Profile Completion' })).toBeInTheDocument();
});

test('completion adds 25% for each of bio, skills and link; a completed profile shows no prompt', async () => {
  const max = await signUpWithProfile(backend, 'max');
  await editProfile(max, { bio: 'Rustacean', skills: ['Rust'] });
  const view = await renderProfile(max, <ProfileScreen username="max" />);
  expect(screen.getByRole('progressbar', { name: 'Profile Completion' })).toHaveAttribute(
    'aria-valuenow',
    '75',
  );
  view.unmount();

  await editProfile(max, { githubLink: 'https://github.com/max' });
  await renderProfile(max, <ProfileScreen username="max" />);
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
});

test('others never see the welcome prompt', async () => {
  await signUpWithProfile(backend, 'quiet');
  const visitor = await signUpWithProfile(backend, 'visitor1');
  await renderProfile(visitor, <ProfileScreen username="quiet" />);
  expect(screen.getByRole('button', { name: 'Follow' })).toBeInTheDocument();
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Edit Profile' })).not.toBeInTheDocument();
});

test('about, the first 5 skills then "+N more", the link in a new tab; the About tab lists every skill', async () => {
  const sam = await signUpWithProfile(backend, 'sam');
  const skills = ['Go', 'Rust', 'SQL', 'Kotlin', 'Elixir', 'Zig', 'OCaml'];
  await editProfile(sam, { bio: 'Line one\nLine two', skills, githubLink: 'https://github.com/sam' });
  await renderProfile(sam, <ProfileScreen username="sam" />);

  const shown = screen.getByRole('list', { name: 'Skills' });
  expect(
    within(shown)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['Go', 'Rust', 'SQL', 'Kotlin', 'Elixir', '+2 more']);
  const about = screen.getByRole('region', { name: 'About' });
  expect(about.querySelector('p')?.textContent).toBe('Line one\nLine two');
  const links = screen.getAllByRole('link', { name: /github\.com\/sam/ });
  expect(links[0]).toHaveAttribute('href', 'https://github.com/sam');
  expect(links[0]).toHaveAttribute('target', '_blank');
  expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');

  // Tabs: arrow keys move along the tablist and show the matching panel.
  const postsTab = screen.getByRole('tab', { name: 'Posts' });
  expect(postsTab).toHaveAttribute('aria-selected', 'true');
  postsTab.focus();
  await userEvent.keyboard('{ArrowRight}');
  const activityTab = screen.getByRole('tab', { name: 'Activity' });
  expect(activityTab).toHaveFocus();
  expect(activityTab).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('tabpanel', { name: 'Activity' })).toHaveTextContent(/coming soon/);
  await userEvent.keyboard('{End}');
  const aboutPanel = screen.getByRole('tabpanel', { name: 'About' });
  expect(
    within(aboutPanel)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(skills);
  expect(within(aboutPanel).getByRole('link', { name: /github\.com\/sam/ })).toBeInTheDocument();
  expect(screen.queryByRole('tabpanel', { name: 'Posts' })).not.toBeInTheDocument();
});

test('the copy-username button copies and shows a tick for 1 s', async () => {
  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  const tia = await signUpWithProfile(backend, 'tia');
  await renderProfile(tia, <ProfileScreen username="tia" />);
  const button = screen.getByRole('button', { name: 'Copy username' });

  jest.useFakeTimers();
  try {
    fireEvent.click(button);
    await act(async () => undefined);
    expect(writeText).toHaveBeenCalledWith('tia');
    expect(screen.getByTestId('copied-tick')).toBeInTheDocument();
    expect(screen.getByText('Username copied')).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(999));
    expect(screen.getByTestId('copied-tick')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByTestId('copied-tick')).not.toBeInTheDocument();
    expect(screen.queryByText('Username copied')).not.toBeInTheDocument();
  } finally {
    jest.useRealTimers();
  }
});

test('a user who does not exist: User Not Found with the server message and Explore Developers', async () => {
  const ana = await signUpWithProfile(backend, 'ana');
  const view = renderWithSdk(ana, <ProfileScreen username="nobody-here" />);
  expect(await screen.findByText('User Not Found')).toBeInTheDocument();
  expect(
    screen.getByText("The user you're looking for doesn't exist or has been removed."),
  ).toBeInTheDocument();
  const explore = screen.getByRole('link', { name: 'Explore Developers' });
  expect(explore).toHaveAttribute('href', '/explore');
  await userEvent.click(explore);
  expect(view.navigations).toEqual(['/explore']);
});
