import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ExploreScreen } from '../src/features/explore/ExploreScreen';
import { developer } from './developers';
import { renderWithSdk, startWebBackend, type WebBackend } from './harness';

// A back end of its own: these tests need a database where nobody else has registered.
let backend: WebBackend;

beforeAll(async () => {
  backend = await startWebBackend();
}, 60_000);

afterAll(() => backend.stop());

const NOBODY = 'No developers have joined yet. Be the first to connect!';

// The viewer is registered too, so "nobody has joined" means nobody besides the viewer.
test('when the viewer is the only developer, it says nobody has joined yet', async () => {
  // Saved like any profile, so the viewer is listed now whether or not the registration event was handled.
  const viewer = await developer(backend, 'onlyme');
  renderWithSdk(viewer, <ExploreScreen />);
  expect(await screen.findByText(NOBODY)).toBeInTheDocument();
  expect(screen.queryByText('Search for developers')).not.toBeInTheDocument();
  expect(screen.queryByRole('article')).not.toBeInTheDocument();

  // Searching still works, and finds the viewer.
  await userEvent.type(screen.getByRole('searchbox', { name: 'Search developers' }), 'only{Enter}');
  expect(await screen.findByText('1 developer(s) found matching "only"')).toBeInTheDocument();
  expect(screen.getByRole('article', { name: 'onlyme' })).toBeInTheDocument();
});

test('once someone else has joined, it invites a search instead', async () => {
  await developer(backend, 'someoneelse');
  const viewer = await backend.signUp('secondme');
  renderWithSdk(viewer, <ExploreScreen />);
  expect(await screen.findByText('Search for developers')).toBeInTheDocument();
  expect(screen.queryByText(NOBODY)).not.toBeInTheDocument();
});
