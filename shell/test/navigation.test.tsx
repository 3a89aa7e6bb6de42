import '@testing-library/jest-dom';
import { render, screen, within } from '@testing-library/react';
import type { DevCircleSdk, SessionUser } from '@devcircle/sdk';
import { SdkProvider } from '@devcircle/sdk/react';
import { App } from '../src/app/App';
import { BottomTabBar } from '../src/features/navigation/BottomTabBar';
import { SideRail } from '../src/features/navigation/SideRail';
import { makeSdk, renderWith, useWebBackend, userOf } from './helpers';

const backend = useWebBackend();

/** ada, registered through the gateway; her session user is what the back end answered for her. */
let ada: DevCircleSdk;
let USER: SessionUser;
beforeAll(async () => {
  ada = await makeSdk(backend(), true, 'ada');
  USER = userOf(ada);
});

const targets = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('left icon rail', () => {
  it('has Home, Explore, Post, Profile, Bookmarks, Messages and Settings with their targets', () => {
    renderWith(ada, <SideRail user={USER} />, '/feed');
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    expect(targets(nav)).toEqual([
      ['Home', '/feed'],
      ['Explore', '/explore'],
      ['Post', '/create-post'],
      ['Profile', '/profile/ada'],
      ['Bookmarks', '/bookmarks'],
      ['Messages', '/messages'],
      ['Settings', '/settings'],
    ]);
  });

  it('marks the current route active', () => {
    renderWith(ada, <SideRail user={USER} />, '/explore');
    expect(screen.getByRole('link', { name: 'Explore' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });
});

describe('bottom tab bar', () => {
  it('has feed, explore, create-post, messages and the profile with the initial', () => {
    renderWith(ada, <BottomTabBar user={USER} />, '/feed');
    const nav = screen.getByRole('navigation', { name: 'Tabs' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/feed', '/explore', '/create-post', '/messages', '/profile/ada']);
    const profile = within(nav).getByRole('link', { name: 'Profile' });
    expect(profile).toHaveTextContent('A'); // ada's initial
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  it("shows the profile tab as where one is on the member's Bookmarks (no sixth tab)", () => {
    renderWith(ada, <BottomTabBar user={USER} />, '/bookmarks');
    const nav = screen.getByRole('navigation', { name: 'Tabs' });
    expect(within(nav).getAllByRole('link')).toHaveLength(5);
    const profile = within(nav).getByRole('link', { name: 'Profile' });
    expect(profile).toHaveClass('active');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveClass('active');
    // Shown as the area one is in, not announced as the page itself.
    expect(profile).not.toHaveAttribute('aria-current');
  });

  it('encodes a username in the profile target', () => {
    // No username the auth service accepts needs encoding, so the real user gets one it would refuse.
    renderWith(ada, <BottomTabBar user={{ ...USER, username: 'a b' }} />, '/feed');
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile/a%20b');
  });
});

describe('the app layout', () => {
  let errorSpy: jest.SpyInstance;
  beforeEach(() => {
    window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
    // The feed remote cannot load in jsdom: its area falls back and logs why.
    errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => errorSpy.mockRestore());

  const renderApp = (sdk: DevCircleSdk) =>
    render(
      <SdkProvider sdk={sdk}>
        <App />
      </SdkProvider>,
    );

  it('renders the rail and the tab bar for signed-in users (CSS picks one per width)', async () => {
    renderApp(await makeSdk(backend(), true));
    expect(await screen.findByRole('navigation', { name: 'Sections' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Tabs' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('has neither (nor the footer on the landing) for signed-out visitors', async () => {
    renderApp(await makeSdk(backend(), false));
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Sections' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Tabs' })).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });
});
