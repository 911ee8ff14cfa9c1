// The one password policy (issue 26, Must 3): the spec's checklist and messages first, then no
// e-mail name, then zxcvbn's score of 3 or more, for every path that sets a password.
import { describe, expect, it } from 'vitest';
import { PASSWORD_RULES, passwordProblems } from '../../src/domain/account-rules.ts';
import {
  containsEmailName,
  emailName,
  newPasswordProblems,
  PASSWORD_HAS_EMAIL_NAME,
  PASSWORD_TOO_EASY,
} from '../../src/schemas/password.ts';
import { DEMO_PASSWORD } from '../../scripts/lib/demo-data.ts';

const EMAIL = 'jane.doe@example.com';

describe('the new-password policy', () => {
  it.each<[string, string, string[]]>([
    ['too short, the whole checklist', 'aaaaaa', passwordProblems('aaaaaa')],
    ['no uppercase', 'kettle-orbit-7', [PASSWORD_RULES[1].message]],
    ['no lowercase', 'KETTLE-ORBIT-7', [PASSWORD_RULES[2].message]],
    ['no number', 'Kettle-Orbit!', [PASSWORD_RULES[3].message]],
    ['no special character', 'KettleOrbit7', [PASSWORD_RULES[4].message]],
    ['a well-known password meeting every rule', 'Password123!', [PASSWORD_TOO_EASY]],
    ['a keyboard walk', 'Qwerty123!', [PASSWORD_TOO_EASY]],
    ['the e-mail name', 'Jane.Doe-Kettle-7!', [PASSWORD_HAS_EMAIL_NAME]],
    ['the e-mail name, other case and symbols', 'JANEDOE#Walnut-42', [PASSWORD_HAS_EMAIL_NAME]],
    ['a strong passphrase', 'Kettle-Orbit-Walnut-7', []],
    ['the demo password', DEMO_PASSWORD, []],
  ])('%s: %j', async (_case, password, expected) => {
    expect(await newPasswordProblems({ password, email: EMAIL, name: 'Jane Doe' })).toEqual(expected);
  });

  it("the spec's messages come first: a weak password that breaks a rule gets the rule's message", async () => {
    expect(await newPasswordProblems({ password: 'password', email: EMAIL })).toEqual(
      passwordProblems('password'),
    );
  });

  it('reads the name before the @ without a +tag, and refuses it only from 3 characters', () => {
    expect(emailName('Jane.Doe+site@example.com')).toBe('janedoe');
    expect(containsEmailName('My-janedoe-Key7!', 'jane.doe+x@example.com')).toBe(true);
    expect(containsEmailName('Jo-Kettle-Orbit-7!', 'jo@example.com')).toBe(false);
  });

  it("gives zxcvbn the person's name: a password built on it is too easy", async () => {
    expect(
      await newPasswordProblems({
        password: 'Margaret1975!',
        email: 'pat@example.com',
        name: 'Margaret Pat',
      }),
    ).toEqual([PASSWORD_TOO_EASY]);
  });
});
