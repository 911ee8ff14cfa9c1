// The formatting layer: what people read instead of raw values.
import { describe, expect, it } from 'vitest';
import {
  CHARGE_WORDS,
  displayName,
  formatDate,
  formatDateTime,
  formatMinutes,
  formatPhone,
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
