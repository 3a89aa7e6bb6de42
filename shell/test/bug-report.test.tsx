import '@testing-library/jest-dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Footer } from '../src/features/footer/Footer';
import { fakeServer, makeSdk, renderWith } from './helpers';

let alertSpy: jest.SpyInstance;
beforeEach(() => {
  alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
});
afterEach(() => alertSpy.mockRestore());

async function openDialog(server = fakeServer()) {
  const user = userEvent.setup();
  renderWith(await makeSdk(true, server), <Footer />, '/feed');
  const opener = screen.getByRole('button', { name: /Report/ });
  await user.click(opener);
  const dialog = screen.getByRole('dialog', { name: 'Report a bug' });
  return { user, server, dialog, opener };
}

const reports = (server: ReturnType<typeof fakeServer>) =>
  server.calls.filter((c) => c.path === '/api/report-bug');

describe('bug-report dialog', () => {
  it('opens from the Report link with a required textarea, Submit and Cancel, focus in the textarea', async () => {
    const { dialog } = await openDialog();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const field = screen.getByRole('textbox', { name: 'What went wrong?' });
    expect(field).toBeRequired();
    expect(field).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('does not submit an empty (or blank) report', async () => {
    const { user, server } = await openDialog();
    await user.type(screen.getByRole('textbox'), '   ');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please describe the bug.');
    expect(screen.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
    expect(reports(server)).toHaveLength(0);
    expect(alertSpy).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('posts {bug}, alerts the thanks, closes, and opens again cleared', async () => {
    const { user, server } = await openDialog();
    await user.type(screen.getByRole('textbox'), 'The like button jumps');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Thank you for reporting the bug!'));
    expect(reports(server)).toEqual([
      { path: '/api/report-bug', method: 'POST', body: { bug: 'The like button jumps' } },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Report/ }));
    expect(screen.getByRole('textbox')).toHaveValue('');
  });

  it('on a network failure alerts the failure text, closes and clears', async () => {
    const server = fakeServer();
    server.offline = true;
    const { user } = await openDialog(server);
    await user.type(screen.getByRole('textbox'), 'Offline bug');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(alertSpy).toHaveBeenCalledWith('Failed to submit bug report. Please try again later.'),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Report/ }));
    expect(screen.getByRole('textbox')).toHaveValue('');
  });

  it('Cancel closes without sending and clears the text', async () => {
    const { user, server } = await openDialog();
    await user.type(screen.getByRole('textbox'), 'draft');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(reports(server)).toHaveLength(0);
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
