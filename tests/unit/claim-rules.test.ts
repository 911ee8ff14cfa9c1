// The pure rules of proving a listing claim (issue 23, Must 5): the domain a code may be mailed
// to, the listing's phone as ten digits, and how a confirmation reads.
import { describe, expect, it } from 'vitest';
import {
  confirmationText,
  listingPhoneDigits,
  LOCAL_PART_PATTERN,
  websiteMailDomain,
} from '../../src/domain/claim-rules.ts';

describe('websiteMailDomain: the website’s host without www', () => {
  it.each([
    ['https://www.acme-plumbing.example/about?x=1', 'acme-plumbing.example'],
    ['http://ACME.example', 'acme.example'],
    ['https://shop.acme.example:8443/', 'shop.acme.example'],
    ['https://www.acme.example./', 'acme.example'],
    ['https://www2.acme.example', 'www2.acme.example'],
    ['https://192.168.1.10/', null],
    ['https://[::1]/', null],
    ['https://localhost/', null],
    ['not a url', null],
    ['', null],
    [null, null],
  ])('%s -> %s', (website, domain) => {
    expect(websiteMailDomain(website)).toBe(domain);
  });
});

describe('listingPhoneDigits: ten NANP digits or null', () => {
  it.each([
    ['(937) 228-4044', '9372284044'],
    ['+1 937-228-4044', '9372284044'],
    ['1 (937) 555-0100', '9375550100'],
    ['937-228-404', null],
    ['(137) 228-4044', null],
    ['(937) 128-4044', null],
    ['', null],
    [null, null],
  ])('%s -> %s', (phone, digits) => {
    expect(listingPhoneDigits(phone)).toBe(digits);
  });
});

describe('the local part the claimant types', () => {
  it.each([
    ['owner', true],
    ['first.last', true],
    ['office+claims', true],
    ['a_b-c%d', true],
    ['.owner', false],
    ['owner.', false],
    ['own..er', false],
    ['own er', false],
    ['own@er', false],
    ['ow"ner', false],
  ])('%s: %s', (local, ok) => {
    expect(LOCAL_PART_PATTERN.test(local)).toBe(ok);
  });
});

describe('confirmationText', () => {
  const at = '2026-11-26T15:00:00Z';
  it.each([
    [null, 'Not confirmed'],
    [
      { channel: 'sms', target: '9372284044', confirmedAt: at },
      'Confirmed by text to (937) ••• ••44 on Nov 26, 2026',
    ],
    [
      { channel: 'call', target: '9372284100', confirmedAt: at },
      'Confirmed by phone call to (937) ••• ••00 on Nov 26, 2026',
    ],
    [
      { channel: 'email', target: 'owner@acme.example', confirmedAt: at },
      'Confirmed by e-mail to owner@acme.example on Nov 26, 2026',
    ],
    // Dayton's day, not UTC's: 02:00 UTC on the 27th is still the 26th in Ohio.
    [
      { channel: 'sms', target: '9372284044', confirmedAt: '2026-11-27T02:00:00Z' },
      'Confirmed by text to (937) ••• ••44 on Nov 26, 2026',
    ],
  ] as const)('%j', (confirmation, text) => {
    expect(confirmationText(confirmation)).toBe(text);
  });
});
