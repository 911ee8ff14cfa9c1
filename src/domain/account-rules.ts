// Account rules shared by the islands and the server without zod (so islands stay small):
// limits, the e-mail check and the sign-up password checklist with the spec's messages.
/** How long each mailed single-use link works, in hours. */
export const TOKEN_HOURS = { email_verification: 24, password_reset: 1, email_change: 24 } as const;

export const EMAIL_MAX = 254;
export const SIGNUP_PASSWORD_MIN = 8;
export const PASSWORD_MIN = 6;
/** Longer passwords are refused before hashing, so a huge body cannot cost argon2 time. */
export const PASSWORD_MAX = 128;

export const EMAIL_MESSAGE = 'Please enter a valid email address';

/** The address as stored: trimmed, lowercased. */
function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Whether `email` looks like an address: exactly one '@', no whitespace, something before the
 * '@', and a domain with a dot that is neither its first nor its last character. Written as one
 * pass over the characters rather than a regular expression: the pattern it replaces
 * (/^[^\s@]+@[^\s@]+\.[^\s@]+$/) backtracks quadratically on a long run of dots, so a few
 * large requests could hold the server's only thread for seconds.
 */
export function hasEmailShape(email: string): boolean {
  let at = -1;
  let innerDot = false;
  for (let i = 0; i < email.length; i += 1) {
    const c = email[i]!;
    if (/\s/.test(c)) return false;
    if (c === '@') {
      if (at !== -1) return false;
      at = i;
    } else if (c === '.' && at !== -1 && i > at + 1 && i < email.length - 1) {
      innerDot = true;
    }
  }
  return at > 0 && innerDot;
}

/** An acceptable address once normalised: the shape above, at most EMAIL_MAX characters. */
export function isValidEmail(email: string): boolean {
  const e = normaliseEmail(email);
  return e.length <= EMAIL_MAX && hasEmailShape(e);
}

/** The sign-up rules, in the order the checklist shows them. */
export const PASSWORD_RULES = [
  {
    test: (p: string) => p.length >= SIGNUP_PASSWORD_MIN,
    message: 'Password must be at least 8 characters long',
  },
  { test: (p: string) => /[A-Z]/.test(p), message: 'Password must contain at least one uppercase letter' },
  { test: (p: string) => /[a-z]/.test(p), message: 'Password must contain at least one lowercase letter' },
  { test: (p: string) => /\d/.test(p), message: 'Password must contain at least one number' },
  {
    test: (p: string) => /[^A-Za-z0-9]/.test(p),
    message: 'Password must contain at least one special character',
  },
] as const;

export const PASSWORD_REQUIREMENTS_NOT_MET = 'Password Requirements Not Met';

/** The rules a password still fails (empty when it meets them all). */
export function passwordProblems(password: string): string[] {
  return PASSWORD_RULES.filter((r) => !r.test(password)).map((r) => r.message);
}
