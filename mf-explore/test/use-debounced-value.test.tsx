import { act, renderHook } from '@testing-library/react';
import { useDebouncedValue } from '../src/features/explore/useDebouncedValue';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function debounced(delayMs = 500) {
  return renderHook(({ value }) => useDebouncedValue(value, delayMs), { initialProps: { value: '' } });
}

test('the value once it has stayed the same for the delay; each change starts the wait again', () => {
  const { result, rerender } = debounced();
  rerender({ value: 'ad' });
  act(() => jest.advanceTimersByTime(499));
  rerender({ value: 'ada' });
  act(() => jest.advanceTimersByTime(499));
  expect(result.current[0]).toBe('');
  act(() => jest.advanceTimersByTime(1));
  expect(result.current[0]).toBe('ada');
  expect(jest.getTimerCount()).toBe(0);
});

test('flush takes the value at once and leaves no timer behind to set it again later', () => {
  const { result, rerender } = debounced();
  rerender({ value: 'ada' });
  expect(jest.getTimerCount()).toBe(1);
  act(() => result.current[1]());
  expect(result.current[0]).toBe('ada');
  expect(jest.getTimerCount()).toBe(0);

  // flush(next) in the handler that also changes the value (explore's clear button).
  rerender({ value: 'adam' });
  act(() => result.current[1](''));
  rerender({ value: '' });
  expect(result.current[0]).toBe('');
  expect(jest.getTimerCount()).toBe(0);
});
