import { describe, expect, it } from 'vitest';
import { relativeTime } from '../../src/domain/relative-time.ts';

const now = new Date('2026-11-22T12:00:00Z');
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const before = (ms: number) => new Date(now.getTime() - ms);

describe('review dates read relative to now, in the largest whole unit', () => {
  it.each([
    ['the same instant', 0, 'now'],
    ['under 45 seconds', 44 * SECOND, 'now'],
    ['45 seconds', 45 * SECOND, '1 minute ago'],
    ['5 minutes', 5 * MINUTE + 59 * SECOND, '5 minutes ago'],
    ['59 minutes', 59 * MINUTE, '59 minutes ago'],
    ['1 hour', HOUR, '1 hour ago'],
    ['23 hours', 23 * HOUR + 59 * MINUTE, '23 hours ago'],
    ['1 day', DAY, 'yesterday'],
    ['3 days', 3 * DAY + 5 * HOUR, '3 days ago'],
    ['6 days', 6 * DAY, '6 days ago'],
    ['7 days', 7 * DAY, 'last week'],
    ['20 days', 20 * DAY, '2 weeks ago'],
    ['29 days', 29 * DAY, '4 weeks ago'],
    ['30 days', 30 * DAY, 'last month'],
    ['61 days', 61 * DAY, '2 months ago'],
    ['364 days', 364 * DAY, '11 months ago'],
    ['365 days', 365 * DAY, 'last year'],
    ['731 days', 731 * DAY, '2 years ago'],
    ['10 years', 3653 * DAY, '10 years ago'],
  ])('%s before now -> "%s"', (_label, ms, expected) => {
    expect(relativeTime(before(ms), now)).toBe(expected);
  });
});

describe('dates after now (clock skew between build and data)', () => {
  it.each([
    [10 * SECOND, 'now'],
    [3 * DAY, 'in 3 days'],
    [DAY, 'tomorrow'],
    [2 * HOUR, 'in 2 hours'],
  ])('%i ms ahead -> "%s"', (ms, expected) => {
    expect(relativeTime(new Date(now.getTime() + ms), now)).toBe(expected);
  });
});

describe('locale and invalid input', () => {
  it('words the result in the requested locale', () => {
    expect(relativeTime(before(3 * DAY), now, 'de-DE')).toBe('vor 3 Tagen');
  });

  it('refuses an invalid date instead of printing "NaN"', () => {
    expect(() => relativeTime(new Date('not a date'), now)).toThrow(RangeError);
  });
});
