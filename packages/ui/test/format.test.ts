import { formatDate, formatJoinedDate, formatRelativeTime } from '../src';

const NOW = new Date(2026, 10, 21, 12, 0, 0); // Nov 21, 2026, 12:00 local time
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('formatRelativeTime', () => {
  it.each([
    [0, 'Just now'],
    [59 * MINUTE, 'Just now'],
    [HOUR - 1, 'Just now'],
    [60 * MINUTE, '1h ago'],
    [2 * HOUR - 1, '1h ago'],
    [23 * HOUR, '23h ago'],
    [24 * HOUR - 1, '23h ago'],
  ])('%i ms ago is %s', (ms, expected) => {
    expect(formatRelativeTime(ago(ms), NOW)).toBe(expected);
  });

  it('from 24 hours on it is the date, en-US with a short month', () => {
    expect(formatRelativeTime(ago(24 * HOUR), NOW)).toBe('Nov 20, 2026');
    expect(formatRelativeTime(new Date(2025, 0, 3, 9, 30), NOW)).toBe('Jan 3, 2025');
  });

  it('takes ISO strings, treats a time slightly in the future as just now, and gives "" for garbage', () => {
    expect(formatRelativeTime(ago(3 * HOUR).toISOString(), NOW)).toBe('3h ago');
    expect(formatRelativeTime(new Date(NOW.getTime() + 5 * MINUTE), NOW)).toBe('Just now');
    expect(formatRelativeTime('not a date', NOW)).toBe('');
  });

  it('uses the current time by default', () => {
    expect(formatRelativeTime(new Date())).toBe('Just now');
    expect(formatRelativeTime(new Date(Date.now() - 5 * HOUR))).toBe('5h ago');
  });
});

describe('formatJoinedDate', () => {
  it('is the full month and the year', () => {
    expect(formatJoinedDate(NOW)).toBe('November 2026');
    expect(formatJoinedDate(new Date(2024, 1, 29).toISOString())).toBe('February 2024');
    expect(formatJoinedDate('nope')).toBe('');
  });
});

describe('formatDate', () => {
  it('is the short calendar date, whatever the age, and "" for garbage', () => {
    expect(formatDate(new Date(2026, 10, 21, 12, 0))).toBe('Nov 21, 2026');
    expect(formatDate(new Date(2019, 0, 2, 23, 59).toISOString())).toBe('Jan 2, 2019');
    expect(formatDate('not a date')).toBe('');
  });
});
