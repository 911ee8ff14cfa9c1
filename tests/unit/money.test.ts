import { describe, expect, it } from 'vitest';
import { decimalDollars, formatMoney } from '../../src/domain/money.ts';

describe('formatMoney', () => {
  it.each([
    [3000, '$30.00'],
    [5, '$0.05'],
    [123_456_789, '$1,234,567.89'],
  ])('shows %i cents as %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });

  it.each([
    [3000, '$30'],
    [500_000, '$5,000'],
    [99_999_900, '$999,999'],
    [15_050, '$151'],
    [14_949, '$149'],
  ])('shows %i cents in whole dollars as %s', (cents, text) => {
    expect(formatMoney(cents, { wholeDollars: true })).toBe(text);
  });
});

describe('decimalDollars', () => {
  it.each([
    [3000, '30.00'],
    [5, '0.05'],
    [123_456_789, '1234567.89'],
    [-3000, '-30.00'],
    [0, '0.00'],
  ])('writes %i cents as the number %s', (cents, text) => {
    expect(decimalDollars(cents)).toBe(text);
  });
});
