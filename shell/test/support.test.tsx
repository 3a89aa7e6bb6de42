import '@testing-library/jest-dom';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CONTACT_SUCCESS,
  ContactForm,
  FAQ,
  FaqAccordion,
  SupportPage,
} from '../src/features/pages/SupportPage';

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

describe('support page tabs', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('shows FAQ, Contact and Guidelines tabs with FAQ selected by default', () => {
    render(<SupportPage />);
    const tablist = screen.getByRole('tablist', { name: 'Support topics' });
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['FAQ', 'Contact', 'Guidelines']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[1]).toHaveAttribute('aria-selected', 'false');
    // Roving tabindex: only the selected tab is in the tab order.
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveAccessibleName('FAQ');
    expect(tabs[0]).toHaveAttribute('aria-controls', panel.id);
    expect(within(panel).getAllByRole('button')).toHaveLength(8);
    expect(screen.getByText(/respond within 24 hours/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Contact support' })).not.toBeInTheDocument();
  });

  it('moves between tabs with Left, Right, Home and End, wrapping around', async () => {
    const user = userEvent.setup();
    render(<SupportPage />);
    const [faq, contact, guidelines] = screen.getAllByRole('tab');
    await user.tab();
    expect(faq).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(contact).toHaveFocus();
    expect(contact).toHaveAttribute('aria-selected', 'true');
    expect(faq).toHaveAttribute('aria-selected', 'false');
    expect(contact.tabIndex).toBe(0);
    expect(faq.tabIndex).toBe(-1);
    expect(screen.getByRole('tabpanel', { name: 'Contact' })).toContainElement(
      screen.getByRole('form', { name: 'Contact support' }),
    );
    await user.keyboard('{End}');
    expect(guidelines).toHaveFocus();
    expect(guidelines).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(faq).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(guidelines).toHaveFocus();
    await user.keyboard('{Home}');
    expect(faq).toHaveFocus();
    expect(faq).toHaveAttribute('aria-selected', 'true');
    expect(window.location.hash).toBe('#faq');
  });

  it('opens the tab named in the URL hash and lists four expandable guideline cards', async () => {
    window.history.replaceState(null, '', '/support#guidelines');
    const user = userEvent.setup();
    render(<SupportPage />);
    expect(screen.getByRole('tab', { name: 'Guidelines' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Guidelines' });
    const cards = within(panel).getAllByRole('button');
    expect(cards).toHaveLength(4);
    await user.click(cards[0]);
    await user.click(cards[2]);
    expect(cards[0]).toHaveAttribute('aria-expanded', 'true');
    expect(cards[2]).toHaveAttribute('aria-expanded', 'true');
  });

  it('offers the four priority labels with Medium as the default in the Contact tab', async () => {
    const user = userEvent.setup();
    render(<SupportPage />);
    await user.click(screen.getByRole('tab', { name: 'Contact' }));
    const priority = screen.getByLabelText('Priority Level');
    expect(
      within(priority)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Low - General inquiry',
      'Medium - Account issues',
      'High - Technical problems',
      'Urgent - Security concerns',
    ]);
    expect(priority).toHaveDisplayValue('Medium - Account issues');
  });

  it('keeps the FAQ claims of the spec', () => {
    expect(FAQ).toHaveLength(8);
    const answers = FAQ.map((f) => f.a).join(' ');
    expect(answers).toMatch(/reviews reports within 24 hours/);
    expect(answers).toMatch(/removed within 30 days/);
  });
});

it('follows a hash change while on the page', () => {
  render(<SupportPage />);
  act(() => {
    window.history.replaceState(null, '', '/support#contact');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  });
  expect(screen.getByRole('tab', { name: 'Contact' })).toHaveAttribute('aria-selected', 'true');
  window.history.replaceState(null, '', '/');
});
