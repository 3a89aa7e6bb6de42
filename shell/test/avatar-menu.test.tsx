import '@testing-library/jest-dom';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { SessionUser } from '@devcircle/sdk';
import { AvatarMenu } from '../src/features/top-bar/AvatarMenu';
import { WEB_MODERATOR } from '../../test-support/web-backend';
import { makeSdk, renderWith, useWebBackend, userOf } from './helpers';

const backend = useWebBackend();

/** ada's session user, as the back end answered it after she registered. */
let USER: SessionUser;
beforeAll(async () => {
  USER = userOf(await makeSdk(backend(), true, 'ada'));
});

/** §2 Navigation: the mobile avatar menu closes on an outside click, on scroll, on Escape and on a choice. */
function setup() {
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <p>Outside</p>
      <AvatarMenu user={USER} />
    </MemoryRouter>,
  );
  const trigger = screen.getByRole('button', { name: 'Account menu' });
  return { user, trigger };
}

describe('avatar menu', () => {
  it('opens with View Profile, Bookmarks, Settings and Logout', async () => {
    const { user, trigger } = setup();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'View Profile',
      'Bookmarks',
      'Settings',
      'Logout',
    ]);
  });

  it('closes on an outside click but not on a click inside', async () => {
    const { user, trigger } = setup();
    await user.click(trigger);
    await user.click(screen.getByText('@ada'));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByText('Outside'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when the reader scrolls, not when the page shifts by a few pixels', async () => {
    const { user, trigger } = setup();
    await user.click(trigger);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    const scrollTo = (y: number) =>
      act(() => {
        Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
        fireEvent.scroll(window);
      });
    scrollTo(6);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    scrollTo(120);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    scrollTo(0);
  });

  it('closes on Escape and after choosing an item', async () => {
    const { user, trigger } = setup();
    await user.click(trigger);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(trigger);
    await user.click(screen.getByRole('menuitem', { name: 'Settings' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('offers Moderation, before Settings, to a member MODERATORS names (issue 20)', async () => {
    const moderator = await makeSdk(backend(), true, WEB_MODERATOR);
    const user = userEvent.setup();
    renderWith(moderator, <AvatarMenu user={userOf(moderator)} />);
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Moderation' })).toHaveAttribute(
      'href',
      '/moderation',
    );
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'View Profile',
      'Bookmarks',
      'Moderation',
      'Settings',
      'Logout',
    ]);
  });
});
