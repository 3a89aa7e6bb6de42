import { screen, waitFor, within } from '@testing-library/react';
import { createSdk, memoryStorage, type DevCircleSdk } from '@devcircle/sdk';
import { ProfileApp } from '../src/app/ProfileApp';
import { renderWithSdk, startWebBackend, type WebBackend } from './harness';
import { editProfile, follow, signUpWithProfile } from './users';

// Each route's screen is a chunk of its own, loaded the first time the route shows. Every test here opens a route
// for the first time in this file, so each sees the screen's loading state while its code loads.

let backend: WebBackend;

beforeAll(async () => {
  backend = await startWebBackend();
}, 60_000);

afterAll(() => backend.stop());

const signedIn: DevCircleSdk[] = [];
// A sign-in starts the keep-alive ping; a sign-out stops it (so Jest can exit).
afterEach(() => signedIn.splice(0).forEach((sdk) => sdk.auth.logout()));

/** `username` signed in (already signed up) through an SDK that lists every request it sends. */
async function signedInRecording(username: string): Promise<{ sdk: DevCircleSdk; requests: string[] }> {
  const requests: string[] = [];
  const sdk = createSdk({
    baseUrl: backend.url,
    storage: memoryStorage(),
    fetch: (url, init) => {
      const { pathname, search } = new URL(url);
      requests.push(`${init.method ?? 'GET'} ${pathname}${search}`);
      return fetch(url, init);
    },
  });
  await sdk.auth.login(`${username}@example.com`, 'secret123');
  signedIn.push(sdk);
  requests.length = 0;
  return { sdk, requests };
}

const busy = () => document.querySelector('[aria-busy="true"]');

test('/profile/{username}: the skeleton while the code loads, the profile already asked for; then the profile, asked once', async () => {
  const ada = await signUpWithProfile(backend, 'ada');
  await editProfile(ada, { displayName: 'Ada Lovelace' });
  await signUpWithProfile(backend, 'bob');
  const { sdk, requests } = await signedInRecording('bob');
  const profile = 'GET /api/users/ada?limit=8&includeFollowersData=true';

  renderWithSdk(sdk, <ProfileApp path="/profile/ada" />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading profile');
  expect(busy()).toBeInTheDocument();
  // Side by side with the screen's code, not after it.
  expect(requests).toEqual([profile]);

  expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Follow' })).toBeInTheDocument();
  expect(busy()).not.toBeInTheDocument();
  expect(requests.filter((request) => request === profile)).toHaveLength(1);
});

test.each(['followers', 'following'] as const)(
  '/profile/{username}/%s: the header at once with skeleton rows, then the list, asked once',
  async (list) => {
    const kim = await signUpWithProfile(backend, `kim${list}`);
    const lee = await signUpWithProfile(backend, `lee${list}`);
    await follow(lee, `kim${list}`);
    await follow(kim, `lee${list}`);
    const { sdk, requests } = await signedInRecording(`kim${list}`);
    const page = `GET /api/users/kim${list}/${list}?page=1`;

    renderWithSdk(sdk, <ProfileApp path={`/profile/kim${list}/${list}`} />);
    const title = list === 'followers' ? 'Followers' : 'Following';
    const heading = list === 'followers' ? `Followers of @kim${list}` : `People @kim${list} follows`;
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(heading);
    expect(screen.getByRole('link', { name: 'Back to profile' })).toHaveAttribute(
      'href',
      `/profile/kim${list}`,
    );
    expect(screen.getByRole('status')).toHaveTextContent(`Loading ${list}`);
    expect(requests).toEqual([page]);

    const rows = await screen.findByRole('list', { name: title });
    expect(within(rows).getByRole('link', { name: `lee${list} @lee${list}` })).toBeInTheDocument();
    expect(busy()).not.toBeInTheDocument();
    expect(requests.filter((request) => request === page)).toHaveLength(1);
  },
);

test('/edit-profile: the header and the form’s skeleton, then the form with the saved values', async () => {
  const eve = await signUpWithProfile(backend, 'eve');
  await editProfile(eve, { displayName: 'Eve Online' });
  const { sdk, requests } = await signedInRecording('eve');

  renderWithSdk(sdk, <ProfileApp path="/edit-profile" />);
  expect(screen.getByRole('heading', { level: 1, name: 'Edit Profile' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Loading profile');
  expect(requests).toEqual(['GET /api/users/eve']);

  expect(await screen.findByRole('textbox', { name: 'Display Name' })).toHaveValue('Eve Online');
  await waitFor(() => expect(busy()).not.toBeInTheDocument());
  expect(requests.filter((request) => request === 'GET /api/users/eve')).toHaveLength(1);
});
