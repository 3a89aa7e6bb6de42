import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ExploreScreen } from '../src/features/explore/ExploreScreen';
import { renderWithSdk, startWebBackend, type WebBackend } from './harness';
import { watchUserSearches } from './userSearches';

// The users service is stopped in this file, so it has a back end of its own.
let backend: WebBackend;

beforeAll(async () => {
  backend = await startWebBackend();
}, 60_000);

afterAll(() => backend.stop());

afterEach(() => jest.restoreAllMocks());

test("when the users service is down it says 'Failed to fetch users', and Try again asks again", async () => {
  const viewer = await backend.signUp();
  await backend.services[2].stop();
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const searches = watchUserSearches();
  renderWithSdk(viewer, <ExploreScreen />);

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Failed to fetch users');
  expect(
    screen.queryByText('No developers have joined yet. Be the first to connect!'),
  ).not.toBeInTheDocument();
  expect(searches.queries()).toEqual(['']);

  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  await waitFor(() => expect(searches.queries()).toEqual(['', '']));
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch users');

  // A search fails the same way, and says nothing was found only when something was asked and answered.
  await userEvent.type(screen.getByRole('searchbox', { name: 'Search developers' }), 'anyone{Enter}');
  await waitFor(() => expect(searches.queries()).toContain('?search=anyone'));
  const searchAlert = await screen.findByRole('alert');
  expect(within(searchAlert).getByText('Failed to fetch users')).toBeInTheDocument();
  expect(screen.queryByText(/developer\(s\) found/)).not.toBeInTheDocument();
  expect(screen.queryByText('No developers found')).not.toBeInTheDocument();
  // Handled failures: shown, not logged (issue 21).
  expect(logged).not.toHaveBeenCalled();
});
