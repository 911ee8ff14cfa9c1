// The signing-up browser's cookie (issue 26, no account pre-hijacking): a sign-up or contractor
// registration gives the browser a random value (`__Host-signup` over HTTPS, `signup` on
// plain-http localhost; HttpOnly, SameSite=Strict, as long as a verification link lasts) whose
// SHA-256 is stored with the verification token. Confirming the address signs in only a browser
// that shows that value; any other browser is told to sign in.
import type { APIContext } from 'astro';
import { TOKEN_HOURS } from '../../../domain/account-rules.ts';
import { newToken } from '../../platform/security/tokens.ts';

type CookieContext = Pick<APIContext, 'cookies' | 'locals'>;

function signupBrowserCookieName(site: { secure: boolean }): string {
  return site.secure ? '__Host-signup' : 'signup';
}

/** The value the browser's cookie holds, if it holds a well-formed one. */
export function signupBrowserOf(context: CookieContext): string | null {
  const value = context.cookies.get(signupBrowserCookieName(context.locals.site))?.value;
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

/** The value for a new sign-up: the browser's own (several sign-ups from one browser), else new. */
export function signupBrowserFor(context: CookieContext): string {
  return signupBrowserOf(context) ?? newToken();
}

/** Gives the browser its value for as long as a verification link lasts. */
export function setSignupBrowserCookie(context: CookieContext, value: string): void {
  context.cookies.set(signupBrowserCookieName(context.locals.site), value, {
    httpOnly: true,
    secure: context.locals.site.secure,
    sameSite: 'strict',
    path: '/',
    maxAge: TOKEN_HOURS.email_verification * 3600,
  });
}

export function clearSignupBrowserCookie(context: CookieContext): void {
  context.cookies.delete(signupBrowserCookieName(context.locals.site), {
    path: '/',
    secure: context.locals.site.secure,
    httpOnly: true,
    sameSite: 'strict',
  });
}
