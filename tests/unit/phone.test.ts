// Phone numbers a contractor can call, and the obvious fakes that are refused.
import { describe, expect, it } from 'vitest';
import { nanpMetadata } from '../../scripts/lib/nanp-metadata.ts';
import committed from '../../src/domain/nanp-metadata.json' with { type: 'json' };
import { dialableNanpNumber } from '../../src/domain/phone.ts';

describe('dialableNanpNumber', () => {
  it.each([
    ['(937) 228-4410', '9372284410'],
    ['937-228-4410', '9372284410'],
    ['+1 937 228 4410', '9372284410'],
    ['1 (937) 228-4410', '9372284410'],
    ['9372284410', '9372284410'],
    ['(613) 555-0123', null],
    ['613-228-4410', '6132284410'],
  ])('%s -> %s', (text, national) => {
    expect(dialableNanpNumber(text)).toBe(national);
  });

  it.each([
    ['5555555555', 'one digit ten times'],
    ['2222222222', 'one digit ten times'],
    ['(937) 777-7777', 'a repeated subscriber number'],
    ['937-555-0142', 'reserved for fiction'],
    ['(937) 555-0199', 'reserved for fiction'],
    ['123-456-7890', 'no such area code'],
    ['(111) 228-4410', 'no such area code'],
    ['937-028-4410', 'an exchange cannot start with 0'],
    ['+44 20 7946 0958', 'not North American'],
    ['937228441', 'too short'],
    ['93722844100', 'too long'],
  ])('%s is refused (%s)', (text) => {
    expect(dialableNanpNumber(text)).toBeNull();
  });

  it('keeps 555 numbers outside the fictional range (directory assistance style numbers are real)', () => {
    expect(dialableNanpNumber('937-555-1212')).toBe('9375551212');
  });
});

describe('the NANP metadata file', () => {
  it('is what the installed libphonenumber-js gives (run npm run phone:metadata after an upgrade)', () => {
    expect(committed).toEqual(nanpMetadata());
  });
});
