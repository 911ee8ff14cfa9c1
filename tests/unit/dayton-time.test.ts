// Dayton's wall clock for quiet hours (issue 27): local minutes, the instant of a local time across
// the daylight-saving changes, and when an alert queued in quiet hours may ring.
import { describe, expect, it } from 'vitest';
import { ringsAt } from '../../src/domain/alert-rules.ts';
import {
  daytonClock,
  daytonInstant,
  daytonMidnight,
  inDailyWindow,
  minutesOfTime,
  timeOfMinutes,
} from '../../src/domain/dayton-time.ts';

const NIGHT = { start: minutesOfTime('21:00'), end: minutesOfTime('07:00') };

describe("Dayton's clock", () => {
  it('reads local minutes and weekday in winter (UTC-5) and summer (UTC-4)', () => {
    expect(daytonClock(new Date('2026-01-15T14:30:00Z'))).toEqual({
      year: 2026,
      month: 1,
      day: 15,
      weekday: 4,
      minutes: 9 * 60 + 30,
    });
    expect(daytonClock(new Date('2026-07-04T03:59:00Z'))).toEqual({
      year: 2026,
      month: 7,
      day: 3,
      weekday: 5,
      minutes: 23 * 60 + 59,
    });
  });

  it('finds the instant of a local time on either side of the changes', () => {
    expect(daytonInstant(2026, 3, 8, 7 * 60).toISOString()).toBe('2026-03-08T11:00:00.000Z');
    expect(daytonInstant(2026, 3, 7, 7 * 60).toISOString()).toBe('2026-03-07T12:00:00.000Z');
    expect(daytonInstant(2026, 11, 1, 7 * 60).toISOString()).toBe('2026-11-01T12:00:00.000Z');
    expect(daytonInstant(2026, 10, 31, 7 * 60).toISOString()).toBe('2026-10-31T11:00:00.000Z');
    // 02:30 on the spring morning does not exist: read an hour later (03:30 EDT).
    expect(daytonInstant(2026, 3, 8, 150).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // 01:30 on the fall morning happens twice: the first.
    expect(daytonInstant(2026, 11, 1, 90).toISOString()).toBe('2026-11-01T05:30:00.000Z');
    // A day past the month's end rolls over.
    expect(daytonInstant(2026, 11, 31, 0).toISOString()).toBe('2026-12-01T05:00:00.000Z');
  });

  it("knows today's midnight", () => {
    expect(daytonMidnight(new Date('2026-11-27T03:00:00Z')).toISOString()).toBe('2026-11-26T05:00:00.000Z');
    expect(daytonMidnight(new Date('2026-11-27T06:00:00Z')).toISOString()).toBe('2026-11-27T05:00:00.000Z');
  });

  it('reads windows, over midnight too', () => {
    expect(inDailyWindow(22 * 60, NIGHT.start, NIGHT.end)).toBe(true);
    expect(inDailyWindow(6 * 60 + 59, NIGHT.start, NIGHT.end)).toBe(true);
    expect(inDailyWindow(7 * 60, NIGHT.start, NIGHT.end)).toBe(false);
    expect(inDailyWindow(12 * 60, NIGHT.start, NIGHT.end)).toBe(false);
    expect(inDailyWindow(13 * 60, 13 * 60, 14 * 60)).toBe(true);
    expect(inDailyWindow(14 * 60, 13 * 60, 14 * 60)).toBe(false);
    expect(inDailyWindow(5, 5, 5)).toBe(false);
    expect(timeOfMinutes(-60)).toBe('23:00');
    expect(timeOfMinutes(minutesOfTime('07:05'))).toBe('07:05');
  });
});

describe('when an alert may ring', () => {
  it('rings at once outside quiet hours or without them', () => {
    const noon = new Date('2026-11-27T17:00:00Z');
    expect(ringsAt(noon, NIGHT)).toBe(noon);
    expect(ringsAt(noon, null)).toBe(noon);
  });

  it('holds an alert to the end of the quiet hours, tonight or this morning', () => {
    // 23:00 EST on Nov 26: quiet until 07:00 on the 27th.
    expect(ringsAt(new Date('2026-11-27T04:00:00Z'), NIGHT).toISOString()).toBe('2026-11-27T12:00:00.000Z');
    // 05:00 EST: until 07:00 the same morning.
    expect(ringsAt(new Date('2026-11-27T10:00:00Z'), NIGHT).toISOString()).toBe('2026-11-27T12:00:00.000Z');
    // A lunch-hour quiet time.
    expect(ringsAt(new Date('2026-11-27T18:10:00Z'), { start: 13 * 60, end: 14 * 60 }).toISOString()).toBe(
      '2026-11-27T19:00:00.000Z',
    );
  });

  it('holds across the daylight-saving changes to 07:00 on the wall clock', () => {
    // 23:00 EST on Mar 7; the clocks spring forward overnight: 07:00 EDT is 11:00 UTC.
    expect(ringsAt(new Date('2026-03-08T04:00:00Z'), NIGHT).toISOString()).toBe('2026-03-08T11:00:00.000Z');
    // 23:00 EDT on Oct 31; the clocks fall back overnight: 07:00 EST is 12:00 UTC.
    expect(ringsAt(new Date('2026-11-01T03:00:00Z'), NIGHT).toISOString()).toBe('2026-11-01T12:00:00.000Z');
  });
});
