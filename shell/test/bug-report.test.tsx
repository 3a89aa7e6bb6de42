import '@testing-library/jest-dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MongoClient } from 'mongodb';
import { createSdk, memoryStorage, type DevCircleSdk } from '@devcircle/sdk';
import { Footer } from '../src/features/footer/Footer';
import { makeSdk, recordRequests, renderWith, unreachableUrl, userOf, useWebBackend } from './helpers';

const backend = useWebBackend();
let client: MongoClient;
beforeAll(async () => {
  client = new MongoClient(backend().databaseUri);
  await client.connect();
});
afterAll(() => client.close());

let alertSpy: jest.SpyInstance;
let requests: ReturnType<typeof recordRequests>;
beforeEach(() => {
  alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  requests = recordRequests();
});
afterEach(() => {
  alertSpy.mockRestore();
  requests.restore();
});

/** The bug reports the notifications service stored for `sdk`'s user. */
const storedReports = (sdk: DevCircleSdk) =>
  client
    .db()
    .collection('bug_reports')
    .find({ 'reporter.username': userOf(sdk).username })
    .toArray();

/** The report calls the page sent. */
const reportCalls = () => requests.calls.filter((call) => call.path === '/api/report-bug');

async function openDialog(sdk?: DevCircleSdk) {
  const user = userEvent.setup();
  const signedIn = sdk ?? (await makeSdk(backend(), true));
  renderWith(signedIn, <Footer />, '/feed');
  const opener = screen.getByRole('button', { name: /Report/ });
  await user.click(opener);
  // The dialog's code is loaded when first wanted.
  const dialog = await screen.findByRole('dialog', { name: 'Report a bug' });
  return { user, sdk: signedIn, dialog, opener };
}

describe('bug-report dialog', () => {
  it('opens from the Report link with a required textarea, Submit and Cancel, focus in the textarea', async () => {
    const { dialog } = await openDialog();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const field = screen.getByRole('textbox', { name: 'What went wrong?' });
    expect(field).toBeRequired();
    // The dialog moves focus in an effect after it appears; under load that can be a frame later.
    await waitFor(() => expect(field).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('does not submit an empty (or blank) report', async () => {
    const { user, sdk } = await openDialog();
    await user.type(screen.getByRole('textbox'), '   ');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please describe the bug.');
    expect(screen.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
    expect(reportCalls()).toHaveLength(0);
    expect(await storedReports(sdk)).toHaveLength(0);
    expect(alertSpy).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('posts {bug}, alerts the thanks, closes, and opens again cleared', async () => {
    const { user, sdk } = await openDialog();
    await user.type(screen.getByRole('textbox'), 'The like button jumps');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Thank you for reporting the bug!'));
    expect(reportCalls()).toEqual([
      { path: '/api/report-bug', method: 'POST', body: { bug: 'The like button jumps' } },
    ]);
    // The notifications service stored it, with the signed-in reporter the gateway vouched for.
    const stored = await storedReports(sdk);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      bug: 'The like button jumps',
      reporter: { id: userOf(sdk).id, username: userOf(sdk).username },
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Report/ }));
    expect(screen.getByRole('textbox')).toHaveValue('');
  });

  it('on a network failure alerts the failure text, closes and clears', async () => {
    // The same session, but the server cannot be reached: the connection is refused.
    const token = (await makeSdk(backend(), true)).auth.getState().token ?? '';
    const offline = createSdk({
      baseUrl: await unreachableUrl(),
      fetch: (input, init) => fetch(input, init),
      storage: memoryStorage({ token }),
    });
    await offline.auth.init();
    const { user } = await openDialog(offline);
    await user.type(screen.getByRole('textbox'), 'Offline bug');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(alertSpy).toHaveBeenCalledWith('Failed to submit bug report. Please try again later.'),
    );
    expect(reportCalls()).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Report/ }));
    expect(screen.getByRole('textbox')).toHaveValue('');
  });

  it('Cancel closes without sending and clears the text', async () => {
    const { user, sdk } = await openDialog();
    await user.type(screen.getByRole('textbox'), 'draft');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(reportCalls()).toHaveLength(0);
    expect(await storedReports(sdk)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: /Report/ }));
    expect(screen.getByRole('textbox')).toHaveValue('');
  });

  it('Escape closes and focus returns to the Report link', async () => {
    const { user, opener } = await openDialog();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('traps focus: Tab from Submit wraps to the textarea, Shift+Tab from the textarea to Submit', async () => {
    const { user } = await openDialog();
    const field = screen.getByRole('textbox');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveFocus();
    await user.tab();
    expect(field).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveFocus();
  });
});
