import '@testing-library/jest-dom';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONTACT_SUCCESS, ContactForm, FAQ, FaqAccordion } from '../src/features/pages/SupportPage';

describe('FAQ accordion', () => {
  it('starts closed and keeps at most one item open', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion />);
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(8);
    buttons.forEach((b) => expect(b).toHaveAttribute('aria-expanded', 'false'));

    await user.click(buttons[0]);
    expect(buttons[0]).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(FAQ[0].a)).toBeVisible();

    await user.click(buttons[3]);
    expect(buttons[3]).toHaveAttribute('aria-expanded', 'true');
    expect(buttons[0]).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(FAQ[0].a)).not.toBeVisible();
    expect(screen.getByText(FAQ[3].a)).toBeVisible();
    expect(buttons.filter((b) => b.getAttribute('aria-expanded') === 'true')).toHaveLength(1);

    await user.click(buttons[3]);
    buttons.forEach((b) => expect(b).toHaveAttribute('aria-expanded', 'false'));
  });

  it('links each button to its panel', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion />);
    const button = screen.getByRole('button', { name: FAQ[1].q });
    await user.click(button);
    const panel = screen.getByRole('region', { name: FAQ[1].q });
    expect(button).toHaveAttribute('aria-controls', panel.id);
  });
});

describe('contact form', () => {
  afterEach(() => jest.useRealTimers());

  const fill = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.type(screen.getByLabelText('Full Name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email Address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Subject'), 'Cannot upload avatar');
    await user.type(screen.getByLabelText('Message'), 'It spins forever.');
  };

  it('has the four required fields and priority defaulting to medium with four levels', () => {
    render(<ContactForm />);
    for (const label of ['Full Name', 'Email Address', 'Subject', 'Message'])
      expect(screen.getByLabelText(label)).toBeRequired();
    const priority = screen.getByLabelText('Priority Level');
    expect(priority).toHaveValue('medium');
    expect(
      within(priority)
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(['low', 'medium', 'high', 'urgent']);
    expect(screen.getByRole('option', { name: 'Medium - Account issues' })).toBeInTheDocument();
  });

  it('does not send with empty required fields and marks each one', async () => {
    const fetchSpy = jest.fn();
    Object.assign(globalThis, { fetch: fetchSpy });
    const user = userEvent.setup();
    render(<ContactForm />);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    for (const label of ['Full Name', 'Email Address', 'Subject', 'Message'])
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Please enter your name.')).toBeInTheDocument();
    expect(screen.getByLabelText('Full Name')).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    // Editing a field clears its error.
    await user.type(screen.getByLabelText('Full Name'), 'A');
    expect(screen.getByLabelText('Full Name')).not.toHaveAttribute('aria-invalid');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends for 2 s with a busy label, shows success for 5 s and clears the form, without a server call', async () => {
    jest.useFakeTimers();
    const fetchSpy = jest.fn();
    Object.assign(globalThis, { fetch: fetchSpy });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<ContactForm />);
    await fill(user);
    await user.selectOptions(screen.getByLabelText('Priority Level'), 'urgent');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const busy = screen.getByRole('button', { name: 'Sending…' });
    expect(busy).toBeDisabled();
    act(() => jest.advanceTimersByTime(1999));
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeInTheDocument();
    expect(screen.queryByText(CONTACT_SUCCESS)).not.toBeInTheDocument();

    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByText(CONTACT_SUCCESS)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    expect(screen.getByLabelText('Full Name')).toHaveValue('');
    expect(screen.getByLabelText('Email Address')).toHaveValue('');
    expect(screen.getByLabelText('Subject')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(screen.getByLabelText('Priority Level')).toHaveValue('medium');

    act(() => jest.advanceTimersByTime(4999));
    expect(screen.getByText(CONTACT_SUCCESS)).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText(CONTACT_SUCCESS)).not.toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
