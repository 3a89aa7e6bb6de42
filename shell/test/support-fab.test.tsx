import '@testing-library/jest-dom';
import { act, fireEvent, screen } from '@testing-library/react';
import { SUPPORT_SCROLL_THRESHOLD, SupportFab } from '../src/features/landing/SupportFab';
import { makeSdk, renderWith, useWebBackend } from './helpers';

const backend = useWebBackend();

const scrollTo = (y: number) =>
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    fireEvent.scroll(window);
  });

it('appears once the page is scrolled more than 40 px, linking to /support', async () => {
  renderWith(await makeSdk(backend(), false), <SupportFab />, '/');
  expect(SUPPORT_SCROLL_THRESHOLD).toBe(40);
  scrollTo(40);
  expect(screen.queryByRole('link', { name: 'Support' })).not.toBeInTheDocument();
  scrollTo(41);
  expect(screen.getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/support');
  scrollTo(0);
  expect(screen.queryByRole('link', { name: 'Support' })).not.toBeInTheDocument();
});
