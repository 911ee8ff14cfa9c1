// The formatting layer: what people read instead of raw values.
import { describe, expect, it } from 'vitest';
import {
  CHARGE_WORDS,
  compactIsoDay,
  displayName,
  formatCardExpiry,
  formatCount,
  formatDate,
  formatDateTime,
  formatDayRange,
  formatLongDay,
  formatMachineTime,
  formatMinutes,
  formatPhone,
  isoDay,
  isoDayAfter,
  maskedPhone,
  plural,
  serviceInPlace,
  wordFor,
} from '../../src/domain/format.ts';

describe('names, never slugs', () => {
  it.each([
    ['electrical', 'Electrical'],
    ['kitchen-remodeling', 'Kitchen Remodeling'],
    ['hvac', 'HVAC'],
    ['kettering', 'Kettering'],
    ['washington-township', 'Washington Township'],
    ['Bathroom Remodeling', 'Bathroom Remodeling'],
    ['HVAC', 'HVAC'],
    ['', ''],
  ])('%s reads as %s', (value, shown) => {
    expect(displayName(value)).toBe(shown);
  });

  it('titles a lead by its service and place', () => {
    expect(serviceInPlace('electrical', 'dayton')).toBe('Electrical in Dayton');
    expect(serviceInPlace('Plumbing', null)).toBe('Plumbing');
  });
});

describe('phones, dates and durations', () => {
  it.each([
    ['9372534187', '(937) 253-4187'],
    ['+1 937 253 4187', '(937) 253-4187'],
    ['19372534187', '(937) 253-4187'],
    ['12345', '12345'],
  ])('phone %s reads as %s', (value, shown) => {
    expect(formatPhone(value)).toBe(shown);
  });

  it("shows dates and times in Dayton's time zone, never with seconds", () => {
    const at = '2026-11-26T12:45:30Z';
    expect(formatDate(at)).toBe('Nov 26, 2026');
    expect(formatDateTime(at)).toBe('Nov 26, 2026, 7:45 AM');
  });

  it.each([
    [40, '40 min'],
    [90, '1 h 30 min'],
    [120, '2 h'],
    [4320, '3 days'],
    [null, '—'],
  ])('%s minutes read as %s', (minutes, shown) => {
    expect(formatMinutes(minutes)).toBe(shown);
  });

  it('counts in words', () => {
    expect(plural(1, 'lead')).toBe('1 lead');
    expect(plural(1200, 'lead')).toBe('1,200 leads');
  });

  it('turns statuses into words people use', () => {
    expect(wordFor(CHARGE_WORDS, 'failed')).toBe('Not charged: card declined');
    expect(wordFor(CHARGE_WORDS, 'something_new')).toBe('Something New');
  });
});

describe('days as people and machines read them', () => {
  it.each([
    ['2026-11-23T00:00:00Z', '2026-12-23T00:00:00Z', 'Nov 23 - Dec 23, 2026'],
    ['2026-12-23T00:00:00Z', '2027-01-23T00:00:00Z', 'Dec 23, 2026 - Jan 23, 2027'],
    ['2026-03-01T00:00:00Z', '2026-03-31T23:59:59Z', 'Mar 1 - Mar 31, 2026'],
  ])('the period %s to %s reads as %s (UTC days)', (start, end, shown) => {
    expect(formatDayRange(new Date(start), new Date(end))).toBe(shown);
  });

  it('reads a day stored at midnight UTC in full, as that day', () => {
    expect(formatLongDay(new Date('2026-06-23T00:00:00Z'))).toBe('June 23, 2026');
    expect(formatLongDay(new Date('2026-12-31T23:59:59Z'))).toBe('December 31, 2026');
  });

  it('gives the UTC day of an instant as YYYY-MM-DD, and as yyyymmdd for a key', () => {
    expect(isoDay(new Date('2026-11-26T03:30:00Z'))).toBe('2026-11-26');
    expect(isoDay(new Date('2026-11-25T23:59:59.999Z'))).toBe('2026-11-25');
    expect(compactIsoDay(new Date('2026-01-05T12:00:00Z'))).toBe('20260105');
  });

  it.each([
    ['2026-11-26T10:00:00Z', 30, '2026-12-26'],
    ['2026-02-28T23:00:00Z', 1, '2026-03-01'],
    ['2026-11-26T10:00:00Z', 366, '2027-11-27'],
    ['2026-11-26T10:00:00Z', 0, '2026-11-26'],
  ])('%s plus %i days is the day %s', (from, days, day) => {
    expect(isoDayAfter(new Date(from), days)).toBe(day);
  });

  it("shows the dev outboxes' times on the machine's clock, with seconds", () => {
    expect(formatMachineTime(new Date('2026-11-26T12:45:30Z'))).toMatch(
      /^\d{1,2}\/\d{1,2}\/2026, \d{1,2}:\d{2}:30\s(AM|PM)$/,
    );
  });

  it('prints a card expiry as on the card', () => {
    expect(formatCardExpiry(4, 2028)).toBe('04/2028');
    expect(formatCardExpiry(12, 2030)).toBe('12/2030');
  });
});

describe('counts and masked phones', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1200, '1,200'],
    [1_000_000, '1,000,000'],
  ])('%i reads as %s', (count, shown) => {
    expect(formatCount(count)).toBe(shown);
  });

  it('masks all but the area code and the last two digits', () => {
    expect(maskedPhone('9372534187')).toBe('(937) ••• ••87');
    expect(maskedPhone('19372534187')).toBe('(937) ••• ••87');
  });
});
