import '@testing-library/jest-dom';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BackLink, Card, cardClassName, IconLink, Page, SkillChips, UserLine } from '../src';

// CSS Modules are stubbed in tests: every class name is itself.

describe('Card', () => {
  it('is a div by default: the surface, a column, md padding, plus the caller class', () => {
    const { container } = render(<Card className="extra">Inside</Card>);
    const card = container.firstElementChild as HTMLElement;
    expect(card.tagName).toBe('DIV');
    expect(card).toHaveClass('card', 'stack', 'md', 'extra');
    expect(card).toHaveTextContent('Inside');
  });

  it('renders the element asked for and passes aria and events through', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    render(
      <Card as="article" aria-label="Post by ada" aria-busy onClick={onClick}>
        Text
      </Card>,
    );
    const article = screen.getByRole('article', { name: 'Post by ada' });
    expect(article).toHaveAttribute('aria-busy', 'true');
    await user.click(article);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('padding "none" and stack false leave padding and layout to the caller', () => {
    const { container } = render(
      <Card as="li" padding="none" stack={false}>
        x
      </Card>,
    );
    const card = container.firstElementChild as HTMLElement;
    expect(card.tagName).toBe('LI');
    expect(card.className).toBe('card');
  });

  it('cardClassName gives a form or a list the classes Card would', () => {
    expect(cardClassName()).toBe('card stack md');
    expect(cardClassName({ padding: 'lg' })).toBe('card stack lg');
    expect(cardClassName({ padding: 'none', stack: false })).toBe('card');
  });
});

describe('Page', () => {
  it('is a div (the shell owns the one <main>) in the reading column by default', () => {
    const { container } = render(<Page className="layout">Screen</Page>);
    const page = container.firstElementChild as HTMLElement;
    expect(page.tagName).toBe('DIV');
    expect(page).toHaveClass('page', 'reading', 'layout');
    expect(screen.queryByRole('main')).toBeNull();
  });

  it('wide: the page width', () => {
    const { container } = render(<Page width="wide">Screen</Page>);
    expect(container.firstElementChild).toHaveClass('page', 'wide');
    expect(container.firstElementChild).not.toHaveClass('reading');
  });
});

describe('UserLine', () => {
  afterEach(() => window.history.pushState(null, '', '/'));

  it('shows the display name linking to the profile, the meta line and the trailing control', async () => {
    const user = userEvent.setup();
    render(
      <UserLine
        user={{ _id: 'u1', username: 'ada l', displayName: 'Ada Lovelace' }}
        meta="posted on Mar 1, 2024"
        trailing={<button type="button">Delete post</button>}
      />,
    );
    const link = screen.getByRole('link', { name: 'Ada Lovelace' });
    expect(link).toHaveAttribute('href', '/profile/ada%20l');
    expect(screen.getByText('posted on Mar 1, 2024')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete post' })).toBeInTheDocument();
    await user.click(link);
    expect(window.location.pathname).toBe('/profile/ada%20l');
  });

  it('falls back to the username, has a decorative avatar of the asked size, and can be a header', () => {
    const { container } = render(
      <article aria-label="Post">
        <UserLine as="header" user={{ _id: 'u2', username: 'grace', displayName: '' }} size="lg" />
      </article>,
    );
    expect(screen.getByRole('link', { name: 'grace' })).toBeInTheDocument();
    const header = container.querySelector('header') as HTMLElement;
    expect(header).toHaveClass('line');
    const avatar = header.querySelector('[aria-hidden="true"]') as HTMLElement;
    expect(avatar).toHaveClass('avatar', 'lg');
    expect(avatar).toHaveTextContent('G');
    // No meta line when none is given, and nothing that reads as a paragraph.
    expect(header.querySelector('.meta')).toBeNull();
    expect(header.querySelector('p')).toBeNull();
  });
});

describe('SkillChips', () => {
  const skills = ['Go', 'Rust', 'Zig', 'C', 'OCaml', 'Haskell', 'Lisp'];

  it('lists every skill in a labelled list when there is no max', () => {
    render(<SkillChips skills={skills} label="All skills" />);
    const list = screen.getByRole('list', { name: 'All skills' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(skills);
    expect(list).toHaveClass('skills', 'md');
  });

  it('shows the first `max`, then "+N more"', () => {
    render(<SkillChips skills={skills} max={5} label="Skills" size="sm" />);
    const list = screen.getByRole('list', { name: 'Skills' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Go', 'Rust', 'Zig', 'C', 'OCaml', '+2 more']);
    expect(list).toHaveClass('sm');
  });

  it('no "+N more" when max covers them all, and nothing at all for no skills', () => {
    const { container, rerender } = render(<SkillChips skills={['Go']} max={5} label="Skills" />);
    expect(screen.queryByText(/more/)).toBeNull();
    rerender(<SkillChips skills={[]} label="Skills" />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('BackLink and IconLink', () => {
  afterEach(() => window.history.pushState(null, '', '/'));

  it('BackLink: a link named by its text (the arrow is hidden) that navigates in the app', async () => {
    const user = userEvent.setup();
    render(<BackLink to="/feed">Back to Feed</BackLink>);
    const link = screen.getByRole('link', { name: 'Back to Feed' });
    expect(link).toHaveAttribute('href', '/feed');
    expect(link.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    await user.click(link);
    expect(window.location.pathname).toBe('/feed');
  });

  it('IconLink: named by label, the tooltip is the label unless a title is given, drawn as an IconButton', () => {
    render(
      <>
        <IconLink to="/messages/ada" label="Message ada">
          <svg aria-hidden="true" />
        </IconLink>
        <IconLink to="/profile/ada" label="View Ada's profile" title="View profile">
          <svg aria-hidden="true" />
        </IconLink>
      </>,
    );
    const message = screen.getByRole('link', { name: 'Message ada' });
    expect(message).toHaveAttribute('title', 'Message ada');
    expect(message).toHaveAttribute('href', '/messages/ada');
    expect(message).toHaveClass('iconButton', 'ghost');
    expect(screen.getByRole('link', { name: "View Ada's profile" })).toHaveAttribute('title', 'View profile');
  });
});
