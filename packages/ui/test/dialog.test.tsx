import '@testing-library/jest-dom';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState, type FormEvent } from 'react';
import { Button, ConfirmDialog, Dialog } from '../src';

/** A page with an opener button and a dialog holding a field and two actions. */
function Harness({ onSubmit, closeLabel }: { onSubmit?: (event: FormEvent) => void; closeLabel?: string }) {
  const [open, setOpen] = useState(false);
  const fieldRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Edit post"
        description="Change the text of your post."
        initialFocus={fieldRef}
        closeLabel={closeLabel}
        onSubmit={onSubmit}
        actions={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit">Save</Button>
          </>
        }
      >
        <label htmlFor="text">Text</label>
        <input id="text" ref={fieldRef} />
      </Dialog>
    </>
  );
}

async function openHarness(props: Parameters<typeof Harness>[0] = {}) {
  const user = userEvent.setup();
  const { container } = render(<Harness {...props} />);
  const opener = screen.getByRole('button', { name: 'Open' });
  await user.click(opener);
  return { user, opener, container, dialog: screen.getByRole('dialog', { name: 'Edit post' }) };
}

afterEach(() => {
  document.body.style.overflow = '';
});

describe('Dialog', () => {
  it('renders nothing while closed', () => {
    render(<Harness />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is a modal dialog in a portal on the body, named by its title and described by its description', async () => {
    const { dialog, container } = await openHarness();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Change the text of your post.');
    expect(container).not.toContainElement(dialog);
    expect(document.body).toContainElement(dialog);
  });

  it('moves focus to initialFocus, and otherwise to the first control of the content', async () => {
    await openHarness();
    expect(screen.getByLabelText('Text')).toHaveFocus();

    render(<Dialog open onClose={() => undefined} title="Plain" actions={<Button>Only action</Button>} />);
    expect(screen.getByRole('button', { name: 'Only action' })).toHaveFocus();
  });

  it('traps Tab and Shift+Tab inside', async () => {
    const { user } = await openHarness({ closeLabel: 'Close' });
    const field = screen.getByLabelText('Text');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(field).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
  });

  it('Escape closes and focus returns to the opener', async () => {
    const { user, opener } = await openHarness();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('a press on the backdrop closes; a press inside does not', async () => {
    const { dialog, opener } = await openHarness();
    fireEvent.mouseDown(dialog);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByLabelText('Text'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.mouseDown(dialog.parentElement as HTMLElement);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('the close button (closeLabel) closes', async () => {
    const { user } = await openHarness({ closeLabel: 'Close' });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('locks the page scroll while open and restores it after', async () => {
    document.body.style.overflow = 'scroll';
    const { user } = await openHarness();
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('scroll');
  });

  it('with onSubmit, a submit action submits the dialog form', async () => {
    const onSubmit = jest.fn((event: FormEvent) => event.preventDefault());
    const { user } = await openHarness({ onSubmit });
    await user.type(screen.getByLabelText('Text'), 'hello{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });
});

describe('ConfirmDialog', () => {
  const props = {
    open: true,
    title: 'Delete post?',
    message: 'This cannot be undone.',
    confirmLabel: 'Delete',
  };

  it('confirms and cancels through its two buttons', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    render(<ConfirmDialog {...props} onConfirm={onConfirm} onCancel={onCancel} />);
    const dialog = screen.getByRole('dialog', { name: 'Delete post?' });
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('danger tone: a danger button, focus starts on Cancel; primary tone starts on the confirm button', () => {
    const { unmount } = render(
      <ConfirmDialog
        {...props}
        tone="danger"
        cancelLabel="Keep"
        onConfirm={jest.fn()}
        onCancel={jest.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: 'Keep' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveClass('danger');
    unmount();
    render(<ConfirmDialog {...props} confirmLabel="Publish" onConfirm={jest.fn()} onCancel={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Publish' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Publish' })).toHaveClass('primary');
  });

  it('while busy nothing can be pressed and Escape does not cancel', async () => {
    const user = userEvent.setup();
    const onCancel = jest.fn();
    render(<ConfirmDialog {...props} busy onConfirm={jest.fn()} onCancel={onCancel} />);
    const confirm = screen.getByRole('button', { name: 'Delete' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).not.toHaveBeenCalled();
  });
});
