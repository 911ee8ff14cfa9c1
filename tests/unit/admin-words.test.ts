// The words issue 24 added for the admin area and the account badge: what an account is, a
// sentence that ends in a name ending in its own period, a calendar day read as itself, and a
// service's name inside a sentence.
import { describe, expect, it } from 'vitest';
import { accountLabel, endSentence, formatDay } from '../../src/domain/format.ts';
import { serviceWords } from '../../src/islands/admin/fraud/words.ts';

describe('the account badge', () => {
  it.each([
    [['admin'], 'Admin'],
    [['contractor', 'admin'], 'Admin'],
    [['contractor'], 'Contractor'],
    [[], 'Homeowner'],
  ])('roles %j read as %s', (roles, label) => {
    expect(accountLabel(roles)).toBe(label);
  });
});

describe('sentences ending in a name', () => {
  it.each([
    ['Sent to Acme Co.', 'Sent to Acme Co.'],
    ['Sent to Acme Roofing', 'Sent to Acme Roofing.'],
    ['Approved!', 'Approved!'],
  ])('%s reads as %s (never "Co..")', (text, sentence) => {
    expect(endSentence(text)).toBe(sentence);
  });
});

describe('calendar days', () => {
  it('shows a stored day as that day in Dayton, not the day before', () => {
    expect(formatDay('2026-11-02')).toBe('Nov 2, 2026');
    expect(formatDay('2026-01-01')).toBe('Jan 1, 2026');
  });
});

describe('a service inside a sentence', () => {
  it.each([
    ['roofing', 'roofing'],
    ['gutter-cleaning', 'gutter cleaning'],
    ['hvac', 'HVAC'],
    ['Water heater replacement', 'water heater replacement'],
  ])('%s reads as %s', (service, words) => {
    expect(serviceWords(service)).toBe(words);
  });
});
