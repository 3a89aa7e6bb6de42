import '@testing-library/jest-dom';
import { screen } from '@testing-library/react';
import { Footer, footerVisible } from '../src/features/footer/Footer';
import { makeSdk, renderWith, useWebBackend } from './helpers';

const backend = useWebBackend();

describe('footer hiding rules (§2 Navigation)', () => {
  it.each(['/', '/support', '/features'])('is hidden on %s for signed-out users', async (path) => {
    renderWith(await makeSdk(backend(), false), <Footer />, path);
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it.each(['/login', '/register', '/privacy', '/terms'])('shows on %s for signed-out users', async (path) => {
    renderWith(await makeSdk(backend(), false), <Footer />, path);
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it.each(['/', '/support', '/features', '/feed', '/settings'])(
    'shows on %s for signed-in users',
    async (path) => {
      renderWith(await makeSdk(backend(), true), <Footer />, path);
      expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    },
  );

  it('treats a trailing slash like the path itself', () => {
    expect(footerVisible('/support/', false)).toBe(false);
    expect(footerVisible('/support/', true)).toBe(true);
  });

  it('links Explore, Help, Privacy and Terms and has the Report link', async () => {
    renderWith(await makeSdk(backend(), true), <Footer />, '/feed');
    const nav = screen.getByRole('navigation', { name: 'Footer' });
    const hrefs = ['Explore', 'Help', 'Privacy', 'Terms'].map((name) =>
      screen.getByRole('link', { name }).getAttribute('href'),
    );
    expect(hrefs).toEqual(['/explore', '/support', '/privacy', '/terms']);
    expect(nav).toContainElement(screen.getByRole('button', { name: /Report/ }));
  });
});
