import '@testing-library/jest-dom';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SdkProvider } from '@devcircle/sdk/react';
import { AppRoutes } from '../src/app/AppRoutes';
import { MessagesComingSoon } from '../src/features/pages/MessagesComingSoon';
import { makeSdk, useWebBackend } from './helpers';

jest.mock('../src/features/remotes/RemoteParcel', () => ({
  RemoteParcel: ({ remote }: { remote: string }) => <p>remote {remote}</p>,
}));

const backend = useWebBackend();

function Where() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

async function renderApp(signedIn: boolean, entries: string[], extra?: ReactNode) {
  const sdk = await makeSdk(backend(), signedIn);
  return render(
    <SdkProvider sdk={sdk}>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <AppRoutes />
        <Where />
        {extra}
      </MemoryRouter>
    </SdkProvider>,
  );
}

describe('/create', () => {
  it('sends a signed-in member to /create-post', async () => {
    await renderApp(true, ['/create']);
    expect(screen.getByTestId('path')).toHaveTextContent('/create-post');
    expect(screen.getByText('remote feed')).toBeInTheDocument();
  });

  it('sends a visitor to /register', async () => {
    await renderApp(false, ['/create']);
    expect(screen.getByTestId('path')).toHaveTextContent('/register');
    expect(screen.getByText('remote account')).toBeInTheDocument();
  });
});

describe('/register/confirm (the registration mail’s link)', () => {
  it('opens the account remote for a visitor, keeping the token', async () => {
    await renderApp(false, ['/register/confirm?token=abc']);
    expect(screen.getByTestId('path')).toHaveTextContent('/register/confirm');
    expect(screen.getByText('remote account')).toBeInTheDocument();
  });

  it('sends a signed-in member to /feed, as /register does', async () => {
    await renderApp(true, ['/register/confirm?token=abc']);
    expect(screen.getByTestId('path')).toHaveTextContent('/feed');
    expect(screen.getByText('remote feed')).toBeInTheDocument();
  });
});

describe('messages coming-soon dialog', () => {
  it.each(['/messages', '/messages/grace'])('%s shows the dialog with both texts', async (path) => {
    await renderApp(true, [path]);
    const dialog = await screen.findByRole('dialog', { name: 'Messages Coming Soon!' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveTextContent('Real-time chat and messaging is on the way.');
    // The dialog moves focus once it has mounted (its code arrives on demand).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Got it' })).toHaveFocus());
  });

  it('Escape goes back to the previous route', async () => {
    const user = userEvent.setup();
    await renderApp(true, ['/explore', '/messages']);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent('/explore');
  });

  it('the close button goes to /feed when there is no previous route', async () => {
    const user = userEvent.setup();
    await renderApp(true, ['/messages/grace']);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent('/feed');
  });

  it('Got it closes too, and focus is trapped between the two buttons', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/settings', '/messages']} initialIndex={1}>
        <Routes>
          <Route path="/messages" element={<MessagesComingSoon />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Got it' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Got it' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.getByTestId('path')).toHaveTextContent('/settings');
  });

  it('signed out, /messages goes to /login', async () => {
    await renderApp(false, ['/messages']);
    expect(screen.getByTestId('path')).toHaveTextContent('/login');
  });

  it('signed out, /bookmarks goes to /login too (issue 19)', async () => {
    await renderApp(false, ['/bookmarks']);
    expect(screen.getByTestId('path')).toHaveTextContent('/login');
  });
});

describe('public pages', () => {
  it('features links to /register and /explore, goes back home, and its footer links feed, explore, create', async () => {
    const user = userEvent.setup();
    await renderApp(false, ['/features']);
    expect(await screen.findByRole('link', { name: 'Get started free' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('link', { name: 'Explore developers' })).toHaveAttribute('href', '/explore');
    const footer = screen.getByRole('navigation', { name: 'Features footer' });
    expect(Array.from(footer.querySelectorAll('a')).map((a) => a.getAttribute('href'))).toEqual([
      '/feed',
      '/explore',
      '/create',
    ]);
    await user.click(screen.getByRole('button', { name: 'Back to home' }));
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/$/);
  });

  it('landing shows the counters, the CTA and the operational line', async () => {
    await renderApp(false, ['/']);
    for (const text of ['10K+', '50K+', '100K+', '24/7']) expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Create your account/ })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'See all features' })).toHaveAttribute('href', '/features');
    expect(screen.getByText('All systems operational')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Platform' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Community' })).toBeInTheDocument();
  });

  it.each([
    ['/privacy', 'Privacy'],
    ['/terms', 'Terms'],
  ])('%s has its content', async (path, title) => {
    await renderApp(false, [path]);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });
});
