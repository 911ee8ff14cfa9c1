// Account forms and endpoints: sign-up, sign-in, password reset, profile, e-mail change,
// password change and notification preferences. Shared by the islands and the server; the
// messages are the spec's (document 1, sections 5 and 8).
import { z } from 'zod';
import {
  EMAIL_MAX,
  EMAIL_MESSAGE,
  EMAIL_PATTERN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  passwordProblems,
} from '../domain/account-rules.ts';
import { NAME_MAX, sanitizeText } from '../domain/sanitize-text.ts';

export * from '../domain/account-rules.ts';

export const ZEmail = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, EMAIL_MESSAGE)
  .regex(EMAIL_PATTERN, EMAIL_MESSAGE);

const ZSignupPassword = z
  .string()
  .max(PASSWORD_MAX, 'Password is too long')
  .superRefine((p, ctx) => {
    for (const message of passwordProblems(p)) ctx.addIssue({ code: 'custom', message });
  });

const ZPassword = z
  .string()
  .min(PASSWORD_MIN, 'Password too short')
  .max(PASSWORD_MAX, 'Password is too long');

const ZFullName = z
  .string()
  .max(2000, 'Name is too long')
  .transform((s) => sanitizeText(s, NAME_MAX));

export const ZSignUp = z
  .object({ email: ZEmail, password: ZSignupPassword, fullName: ZFullName.optional() })
  .strict();
export type TSignUp = z.infer<typeof ZSignUp>;

export const ZSignIn = z
  .object({ email: ZEmail, password: z.string().min(1, 'Please enter your password').max(PASSWORD_MAX) })
  .strict();
export type TSignIn = z.infer<typeof ZSignIn>;

export const ZForgotPassword = z.object({ email: ZEmail }).strict();

const ZToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This link is invalid or has expired.');
export const ZTokenQuery = z.object({ token: ZToken }).strict();

const matching = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;

export const ZResetPassword = z
  .object({ token: ZToken, password: ZPassword, confirmPassword: z.string() })
  .strict()
  .refine(matching, { message: "Passwords don't match", path: ['confirmPassword'] });
export type TResetPassword = z.infer<typeof ZResetPassword>;

export const ZChangePassword = z
  .object({
    currentPassword: z.string().min(1).max(PASSWORD_MAX),
    password: ZPassword,
    confirmPassword: z.string(),
  })
  .strict()
  .refine(matching, { message: "Passwords don't match", path: ['confirmPassword'] });

export type TChangePassword = z.infer<typeof ZChangePassword>;

export const ZProfileUpdate = z.object({ fullName: ZFullName, email: ZEmail }).strict();
export type TProfileUpdate = z.infer<typeof ZProfileUpdate>;

export const ZPreferences = z
  .object({
    email_notifications: z.boolean(),
    lead_notifications: z.boolean(),
    marketing_emails: z.boolean(),
  })
  .strict();
export type TPreferences = z.infer<typeof ZPreferences>;

/** Where to go after signing in: a path on this site only, never another origin. */
export const ZReturnTo = z
  .string()
  .max(2000)
  .transform((p, ctx) => {
    // Resolved as a browser would (which drops tabs and newlines: "/\t/evil" is "//evil"); only a
    // path of this origin is kept, without control characters.
    const base = 'https://this.site';
    const url = /^\/(?![/\\])/.test(p) && !/\p{Cc}/u.test(p) ? new URL(p, base) : null;
    if (url?.origin !== base) {
      ctx.addIssue({ code: 'custom', message: 'Not a path of this site' });
      return z.NEVER;
    }
    return url.pathname + url.search + url.hash;
  })
  .catch('/');
