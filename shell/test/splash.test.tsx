import '@testing-library/jest-dom';
import { act, render, screen } from '@testing-library/react';
import { Splash, SPLASH_MS } from '../src/features/splash/Splash';

function mockReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('splash (§2, §9: 2000 ms)', () => {
  it("shows 'welcome to' plus the brand for 2 seconds, then goes", () => {
    mockReducedMotion(false);
    render(<Splash />);
    expect(SPLASH_MS).toBe(2000);
    expect(screen.getByText('welcome to')).toBeInTheDocument();
    expect(screen.getByText('DevCircle')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1999));
    expect(screen.getByTestId('splash')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByTestId('splash')).not.toBeInTheDocument();
  });

  it('animates only without a reduced-motion preference', () => {
    mockReducedMotion(false);
    render(<Splash />);
    expect(screen.getByTestId('splash')).toHaveAttribute('data-motion', 'full');
  });

  it('with reduced motion it still shows for the full 2 s, without animation', () => {
    mockReducedMotion(true);
    render(<Splash />);
    expect(screen.getByTestId('splash')).toHaveAttribute('data-motion', 'reduced');
    act(() => jest.advanceTimersByTime(1999));
    expect(screen.getByText('welcome to')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByTestId('splash')).not.toBeInTheDocument();
  });
});
