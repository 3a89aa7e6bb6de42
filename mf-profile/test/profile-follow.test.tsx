import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProfileScreen } from '../src/features/profile/ProfileScreen';
import { holdRequests } from '../../test-support/hold-requests';
import { renderWithSdk, startWebBackend, type WebBackend } from './harness';
import { follow, profileOf, setPrivate, signUpWithProfile } from './users';

let backend: WebBackend;

beforeAll(async () => {
  backend = await startWebBackend();
}, 60_000);

afterAll(() => backend.stop());

/**
 * A follow change ends with the button's short pop (FollowButton's own timer): once it is over the screen has
 * settled, so what the test awaits next (the server's answers) sees no update of it.
 */
const popOver = (name: string) =>
  waitFor(() => expect(screen.getByRole('button', { name })).not.toHaveClass('animating'));

test('Follow then Following, with the counts the server answers; Following unfollows', async () => {
  const ada = await signUpWithProfile(backend, 'ada');
  const grace = await signUpWithProfile(backend, 'grace');
  const linus = await signUpWithProfile(backend, 'linus');
  renderWithSdk(grace, <ProfileScreen username="ada" />);
  const followButton = await screen.findByRole('button', { name: 'Follow' });
  // Someone else's profile never offers their bookmarks (issue 19: they are the member's own).
  expect(screen.queryByRole('link', { name: 'Bookmarks' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: '0 Followers' })).toHaveAttribute('href', '/profile/ada/followers');
  expect(screen.getByRole('link', { name: '0 Following' })).toHaveAttribute('href', '/profile/ada/following');

  // Someone else follows meanwhile: the page is stale, the follow answer brings the real count (2).
  await follow(linus, 'ada');
  const held = holdRequests((method, url) => method === 'PUT' && url.endsWith('/api/users/ada/follow'));
  try {
    await userEvent.click(followButton);
    const busy = await screen.findByRole('button', { name: 'Updating follow' });
    expect(busy).toHaveTextContent('...');
    expect(busy).toBeDisabled();
    held.release();
    expect(await screen.findByRole('button', { name: 'Following' })).toBeEnabled();
    await popOver('Following');
  } finally {
    held.restore();
  }
  expect(screen.getByRole('link', { name: '2 Followers' })).toBeInTheDocument();
  expect((await profileOf(ada, 'ada')).user.followersCount).toBe(2);
  expect((await profileOf(grace, 'ada')).isFollowing).toBe(true);

  await userEvent.click(screen.getByRole('button', { name: 'Following' }));
  expect(await screen.findByRole('button', { name: 'Follow' })).toBeEnabled();
  await popOver('Follow');
  expect(screen.getByRole('link', { name: '1 Followers' })).toBeInTheDocument();
  expect((await profileOf(grace, 'ada')).isFollowing).toBe(false);
  expect((await profileOf(ada, 'ada')).user.followersCount).toBe(1);
});

test('a follower sees Following from the start; the metrics count both sides', async () => {
  const mia = await signUpWithProfile(backend, 'mia');
  await signUpWithProfile(backend, 'noah');
  await follow(mia, 'noah');
  await follow(await signUpWithProfile(backend, 'pia'), 'noah');

  const view = renderWithSdk(mia, <ProfileScreen username="noah" />);
  expect(await screen.findByRole('button', { name: 'Following' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '2 Followers' })).toBeInTheDocument();
  view.unmount();

  renderWithSdk(mia, <ProfileScreen username="mia" />);
  expect(await screen.findByRole('link', { name: '1 Following' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '0 Followers' })).toBeInTheDocument();
});

test('a private profile: hidden from a stranger, shown once they follow, and to a follower', async () => {
  const rey = await signUpWithProfile(backend, 'rey');
  await rey.api.post('/api/posts', { content: 'Only for my followers' });
  await setPrivate(rey, true);
  const stranger = await signUpWithProfile(backend, 'stranger');

  const view = renderWithSdk(stranger, <ProfileScreen username="rey" />);
  expect(await screen.findByText('This profile is private')).toBeInTheDocument();
  expect(screen.getByText('Follow this user to see their posts and metrics.')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'rey' })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Profile Metrics' })).not.toBeInTheDocument();
  expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  expect(screen.queryByText('Only for my followers')).not.toBeInTheDocument();

  // Following from the notice: the profile is fetched again and opens up.
  await userEvent.click(screen.getByRole('button', { name: 'Follow' }));
  expect(await screen.findByText('Only for my followers')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Following' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '1 Followers' })).toBeInTheDocument();
  expect(screen.queryByText('This profile is private')).not.toBeInTheDocument();
  view.unmount();

  // A follower opening it sees everything at once.
  renderWithSdk(stranger, <ProfileScreen username="rey" />);
  expect(await screen.findByRole('region', { name: 'Profile Metrics' })).toBeInTheDocument();
  expect(screen.getByRole('tablist')).toBeInTheDocument();
  expect(screen.getByText('Only for my followers')).toBeInTheDocument();
});

test('the owner sees their own private profile in full', async () => {
  const sia = await signUpWithProfile(backend, 'sia');
  await setPrivate(sia, true);
  renderWithSdk(sia, <ProfileScreen username="sia" />);
  expect(await screen.findByRole('region', { name: 'Profile Metrics' })).toBeInTheDocument();
  expect(screen.queryByText('This profile is private')).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Edit Profile' })).toBeInTheDocument();
});
