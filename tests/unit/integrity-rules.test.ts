// The rules that tie requests to a person (issue 23): mailboxes, mail domains, street addresses,
// descriptions' wording, the sandbox's line types.
import { describe, expect, it } from 'vitest';
import {
  addressKey,
  emailKey,
  isFreeMailDomain,
  sandboxLineType,
  sketchSimilarity,
  textSketch,
} from '../../src/domain/integrity-rules.ts';
import { maskedPhone } from '../../src/domain/format.ts';

describe('one mailbox, however it is written', () => {
  it.each([
    ['Jane.Doe+quotes@Gmail.com', 'janedoe@gmail.com'],
    ['j.a.n.e@googlemail.com', 'jane@gmail.com'],
    ['jane+x@example.com', 'jane@example.com'],
    ['jane.doe@outlook.com', 'jane.doe@outlook.com'],
  ])('%s is %s', (email, key) => {
    expect(emailKey(email)).toBe(key);
  });
});

describe('shared mail domains', () => {
  it.each([
    ['gmail.com', true],
    ['woh.rr.com', true],
    ['columbus.rr.com', true],
    ['wowway.com', true],
    ['example.com', true],
    ['mail.test', true],
    ['roofing-co.com', false],
    ['notrr.com', false],
  ])('%s shared: %s', (domain, shared) => {
    expect(isFreeMailDomain(domain)).toBe(shared);
  });
});

describe('one street address, however it is written', () => {
  it('folds case, punctuation, street words and a trailing city and ZIP', () => {
    expect(addressKey('12 North Main Street, Dayton, OH 45402', '45402')).toBe(
      addressKey('12 n main st.', '45402'),
    );
    expect(addressKey('12 Main St', '45402')).not.toBe(addressKey('12 Main St', '45429'));
    expect(addressKey('12 Main St', '45402')).not.toBe(addressKey('14 Main St', '45402'));
  });
});

describe('nearly the same wording', () => {
  const text =
    'Our basement floods after every storm and the sump pump hums but does not start, please help soon';
  it('a word changed is still most of the wording; another text is not', () => {
    expect(
      sketchSimilarity(textSketch(text), textSketch(text.replace('soon', 'quickly'))),
    ).toBeGreaterThanOrEqual(0.8);
    expect(
      sketchSimilarity(
        textSketch(text),
        textSketch('Replace two ceiling fans in the living room and the porch light'),
      ),
    ).toBeLessThan(0.2);
  });
});

describe('what the wizard shows of a number, and the sandbox line types', () => {
  it('masks all but the area code and the last two digits', () => {
    expect(maskedPhone('9372284410')).toBe('(937) ••• ••10');
  });
  it.each([
    ['9372284400', 'landline'],
    ['9372284499', 'voip'],
    ['9372284410', 'mobile'],
  ])('%s is a %s', (phone, type) => {
    expect(sandboxLineType(phone)).toBe(type);
  });
});
