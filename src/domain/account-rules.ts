// Account rules shared by the islands and the server without zod (so islands stay small):
// limits, the e-mail pattern and the sign-up password checklist with the spec's messages.
export const EMAIL_MAX = 254;
export const SIGNUP_PASSWORD_MIN = 8;
export const PASSWORD_MIN = 6;
/** Longer passwords are refused before hashing, so a huge body cannot cost argon2 time. */
export const PASSWORD_MAX = 128;

export const EMAIL_MESSAGE = 'Please enter a valid email address';
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The address as stored: trimmed, lowercased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isValidEmail(email: string): boolean {
  const e = normaliseEmail(email);
  return e.length <= EMAIL_MAX && EMAIL_PATTERN.test(e);
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
