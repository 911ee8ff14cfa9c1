// Account forms and endpoints: sign-up, sign-in, password reset, profile, e-mail change, password
// change and notification preferences. One schema for the island that checks a form before
// sending it and for the endpoint that receives it (Zod's tree-shakable mini build, so the islands
// ship only the checks they use); the messages are the spec's.
import * as z from 'zod/mini';
import { EMAIL_MAX, EMAIL_MESSAGE, hasEmailShape, PASSWORD_MAX } from '../domain/account-rules.ts';
import { NAME_MAX, sanitizeText } from '../domain/sanitize-text.ts';
import { REAUTH_MESSAGES } from '../domain/session-rules.ts';
import { PASSWORD_TOO_LONG as TOO_LONG, ZNewPassword } from './password.ts';

export * from '../domain/account-rules.ts';
export * from './password.ts';

/**
 * An e-mail address, trimmed and lowercased, with the form's own message. The length is checked
 * first and the shape only on what passed it (a pipe, not an abort: an abort would also stop
 * the checks that span several fields of a form). Every string field of the shared schemas is
 * capped the same way, before any pattern or transform runs on it.
 */
export function emailOf(message: string) {
  return z.pipe(
    z.string({ error: message }).check(z.trim(), z.toLowerCase(), z.maxLength(EMAIL_MAX, message)),
    z.string().check(z.refine(hasEmailShape, message)),
  );
}

export const ZEmail = emailOf(EMAIL_MESSAGE);

export const PASSWORDS_DIFFER = "Passwords don't match";

const ZFullName = z.pipe(
  z.string({ error: 'Please enter your name' }).check(z.maxLength(2000, 'Name is too long')),
  z.transform((s: string) => sanitizeText(s, NAME_MAX)),
);

export const ZSignUp = z.strictObject({
  email: ZEmail,
  password: ZNewPassword,
  fullName: z.optional(ZFullName),
});
export type TSignUp = z.output<typeof ZSignUp>;

export const ZSignIn = z.strictObject({
  email: ZEmail,
  password: z
    .string({ error: 'Please enter your password' })
    .check(z.minLength(1, 'Please enter your password'), z.maxLength(PASSWORD_MAX, TOO_LONG)),
});
export type TSignIn = z.output<typeof ZSignIn>;

export const ZForgotPassword = z.strictObject({ email: ZEmail });

const INVALID_LINK = 'This link is invalid or has expired.';
const ZToken = z.pipe(
  z.string({ error: INVALID_LINK }).check(z.maxLength(43, INVALID_LINK)),
  z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, INVALID_LINK)),
);
export const ZTokenQuery = z.strictObject({ token: ZToken });
/** /auth/verify's form: the link's token and, from a browser that did not sign up, the account's
 * password (checked by the use-case; '' when not asked for). */
export const ZVerifyForm = z.strictObject({ token: ZToken, password: z.string() });

/** The new password twice, checked for a match once the password itself is acceptable. */
function matching<T extends { password: string; confirmPassword: string }>() {
  return z.refine<T>((v) => v.password === v.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ['confirmPassword'],
  });
}

/** The repeated password: only compared, but capped like the password itself. */
const ZConfirmPassword = z.string().check(z.maxLength(PASSWORD_MAX, TOO_LONG));

export const ZResetPassword = z
  .strictObject({ token: ZToken, password: ZNewPassword, confirmPassword: ZConfirmPassword })
  .check(matching());
export type TResetPassword = z.output<typeof ZResetPassword>;

export const ZChangePassword = z
  .strictObject({
    currentPassword: z
      .string({ error: 'Please enter your current password' })
      .check(z.minLength(1, 'Please enter your current password'), z.maxLength(PASSWORD_MAX, TOO_LONG)),
    password: ZNewPassword,
    confirmPassword: ZConfirmPassword,
  })
  .check(matching());
export type TChangePassword = z.output<typeof ZChangePassword>;

export const ZProfileUpdate = z.strictObject({ fullName: ZFullName, email: ZEmail });
export type TProfileUpdate = z.output<typeof ZProfileUpdate>;

export const ZPreferences = z.strictObject({
  email_notifications: z.boolean(),
  lead_notifications: z.boolean(),
  marketing_emails: z.boolean(),
});
export type TPreferences = z.output<typeof ZPreferences>;

const THIS_SITE = 'https://this.site';

/** A path a browser resolves on this site: no scheme or host, and not "//host" or "/\\host". */
function pathOfThisSite(path: string): URL | null {
  if (!/^\/(?![/\\])/.test(path) || /\p{Cc}/u.test(path)) return null;
  const url = new URL(path, THIS_SITE);
  // Dot segments collapse while resolving ("/.//evil" and "/%2e%2e//evil" become "//evil"), and
  // a browser reads a leading "//" (or "/\\") as another host: the resolved path is what counts.
  return url.origin === THIS_SITE && !/^\/[/\\]/.test(url.pathname) ? url : null;
}

/**
 * Where to go after signing in: a path on this site only, never another origin. Parsed on the
 * server (the /auth page) and again in the island before it navigates.
 */
export const ZReturnTo = z.catch(
  z.pipe(
    z.string().check(z.maxLength(2000)),
    z.transform((p: string, ctx) => {
      // Resolved as a browser would (which drops tabs and newlines: "/\t/evil" is "//evil"); only
      // a path of this origin is kept, without control characters, and only one that resolves to
      // itself again, so what the browser is given is exactly what was checked.
      const url = pathOfThisSite(p);
      const resolved = url && url.pathname + url.search + url.hash;
      if (!resolved || pathOfThisSite(resolved)?.href !== url.href) {
        ctx.issues.push({ code: 'custom', message: 'Not a path of this site', input: p });
        return z.NEVER;
      }
      return resolved;
    }),
  ),
  '/',
);

/** The first message of a failed parse, or null when it passed. */
export function firstIssue(result: { error?: { issues: readonly { message: string }[] } }): string | null {
  return result.error?.issues[0]?.message ?? null;
}

/** POST /api/account/reauth: the password asked again before a sensitive change (issue 26). */
export const ZReauth = z.strictObject({
  password: z
    .string({ error: REAUTH_MESSAGES.missingPassword })
    .check(z.minLength(1, REAUTH_MESSAGES.missingPassword), z.maxLength(PASSWORD_MAX, TOO_LONG)),
});
