// The one password policy for every new password (sign-up, contractor registration, reset and
// change), for the islands' instant feedback and for the server: the spec's composition rules and
// messages first, then no password holding the e-mail's name, then zxcvbn's estimate (score 3 or
// more against its common passwords, diceware words and keyboard patterns). The dictionaries are
// large (docs/decisions.md, issue 26): they are fetched by a dynamic import the first time a
// password is checked, so a page without a new-password field never loads them.
import * as z from 'zod/mini';
import { PASSWORD_MAX, passwordProblems } from '../domain/account-rules.ts';

export const PASSWORD_TOO_LONG = 'Password is too long';
export const PASSWORD_TOO_EASY =
  'This password is too easy to guess. Please choose a longer one, for example three or four unrelated words with a number and a symbol.';
export const PASSWORD_HAS_EMAIL_NAME =
  'Password must not contain the name of your email address (the part before the @).';
/** Shown while the strength check cannot run (the dictionaries failed to load): try again. */
const PASSWORD_CHECK_UNAVAILABLE = 'We could not check your password just now. Please try again.';

/** zxcvbn's score a new password needs (0 to 4; 3 is "safely unguessable" for online attacks). */
const STRENGTH_MIN_SCORE = 3;
/** zxcvbn reads at most this many characters: its time grows quickly with length (about 50 ms at
 * 64 characters, 170 ms at 128), and a password strong in its first 64 characters is strong. */
const STRENGTH_MAX_CHARS = 64;
/** An e-mail name shorter than this is not refused outright (it would match too much). */
const EMAIL_NAME_MIN = 3;
/** Words anyone would try first against this site's accounts, given to zxcvbn as user inputs. */
const SITE_WORDS = ['dayton', 'contractors', 'contractor', 'homeowner', 'ohio'] as const;

type Scorer = (password: string, userInputs: string[]) => number;
let scorer: Promise<Scorer> | null = null;

/** zxcvbn with the common dictionaries, loaded once (a dynamic import), kept for later checks. */
export function loadPasswordScorer(): Promise<Scorer> {
  scorer ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) => {
      const zxcvbn = new core.ZxcvbnFactory({
        dictionary: common.dictionary,
        graphs: common.adjacencyGraphs,
        maxLength: STRENGTH_MAX_CHARS,
      });
      return (password: string, userInputs: string[]) => zxcvbn.check(password, userInputs).score;
    },
  );
  // A failed load (the browser offline) is tried again at the next check.
  scorer.catch(() => (scorer = null));
  return scorer;
}

/** Letters and digits only, lowercased: "Jane.Doe" and "jane-doe" read the same. */
const letters = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** The e-mail's name: its part before the @, without a "+tag", as letters and digits. */
export function emailName(email: string): string {
  return letters(email.split('@')[0]!.split('+')[0]!);
}

/** Whether the password holds the e-mail's name (of EMAIL_NAME_MIN or more), case and symbols aside. */
export function containsEmailName(password: string, email: string): boolean {
  const name = emailName(email);
  return name.length >= EMAIL_NAME_MIN && letters(password).includes(name);
}

/** What zxcvbn is told about the person: the e-mail's name and its parts, the name and its parts. */
function userInputs(email: string | undefined, name: string | null | undefined): string[] {
  const local = (email ?? '').split('@')[0]!.split('+')[0]!.toLowerCase();
  const words = [local, ...local.split(/[^\p{L}\p{N}]+/u), ...(name ?? '').toLowerCase().split(/\s+/)];
  if (name) words.push(name.toLowerCase());
  return [...new Set(words.filter((w) => w.length >= EMAIL_NAME_MIN)), ...SITE_WORDS];
}

/** A new password's own rules (the spec's checklist, every failed rule one issue, in order). */
export const ZNewPassword = z.pipe(
  z.string({ error: passwordProblems('')[0] }).check(z.maxLength(PASSWORD_MAX, PASSWORD_TOO_LONG)),
  z.string().check(
    z.superRefine((p, ctx) => {
      for (const message of passwordProblems(p)) ctx.issues.push({ code: 'custom', message, input: p });
    }),
  ),
);

/**
 * The whole policy: the password's own rules, then (once they are met) its owner's e-mail name and
 * zxcvbn's score. Asynchronous: the first check loads the dictionaries. Parse with safeParseAsync.
 */
export const ZPasswordPolicy = z
  .object({
    password: ZNewPassword,
    email: z.optional(z.string().check(z.maxLength(PASSWORD_MAX * 2))),
    name: z.optional(z.nullable(z.string().check(z.maxLength(PASSWORD_MAX * 2)))),
  })
  .check(
    z.superRefine(async ({ password, email, name }, ctx) => {
      if (passwordProblems(password).length) return;
      const issue = (message: string) => {
        ctx.issues.push({ code: 'custom', message, input: password, path: ['password'] });
      };
      if (email && containsEmailName(password, email)) {
        issue(PASSWORD_HAS_EMAIL_NAME);
        return;
      }
      const score = await loadPasswordScorer().then(
        (check) => check(password, userInputs(email, name)),
        () => null,
      );
      if (score === null) issue(PASSWORD_CHECK_UNAVAILABLE);
      else if (score < STRENGTH_MIN_SCORE) issue(PASSWORD_TOO_EASY);
    }),
  );
export type TPasswordPolicy = z.input<typeof ZPasswordPolicy>;

/** Every message the policy gives a password (empty when it is acceptable). */
export async function newPasswordProblems(input: TPasswordPolicy): Promise<string[]> {
  const result = await ZPasswordPolicy.safeParseAsync(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}
