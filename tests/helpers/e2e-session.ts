// Signing a browser test in without the sign-in form, for the tests of what a signed-in user sees
// (the form itself is tested through the form: accounts.spec.ts, second-factor.spec.ts). A demo
// account is signed in with the run's shared session (demo-session.ts: sign-ins are limited per
// e-mail and per address); a user the test made gets a session of its own, made in the site's
// database as the sign-in would make it.
import { type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { createSession } from '../../src/server/platform/security/sessions.ts';
import { demoSession, requestContextWith, signInContext, type SessionCookie } from './demo-session.ts';
import { withSiteDatabase } from './site-database.ts';

/** The demo data's accounts, by what they are. */
export const DEMO_ACCOUNTS = {
  homeowner: 'homeowner@example.com',
  contractor: 'contractor@example.com',
  contractor2: 'contractor2@example.com',
  admin: 'admin@example.com',
} as const;

/**
 * Who a test signs in as: a demo account, or a user the test made. `secondFactor`: whether the
 * session proved the account's second factor, as a sign-in with it would (issue 26: the admin area
 * needs that, and an enrolled factor: enrolTotp in api-context.ts).
 */
export type SignInAs = keyof typeof DEMO_ACCOUNTS | { userId: string; secondFactor?: boolean };

/** The session cookie of `who` on the site at `baseURL`. */
export async function sessionCookie(baseURL: string, who: SignInAs): Promise<SessionCookie> {
  if (typeof who === 'string') return demoSession(baseURL, DEMO_ACCOUNTS[who]);
  const { token } = await withSiteDatabase(baseURL, (tx) =>
    createSession(tx, who.userId, {}, { secondFactor: who.secondFactor === true }),
  );
  return { name: 'session', value: token };
}

/** Signs a browser (a page's context, or a context) in as `who`: the session and the signed-in hint. */
export async function signInAs(target: Page | BrowserContext, who: SignInAs, baseURL: string): Promise<void> {
  const context = 'addCookies' in target ? target : target.context();
  if (typeof who === 'string') return signInContext(context, baseURL, DEMO_ACCOUNTS[who]);
  const session = await sessionCookie(baseURL, who);
  await context.addCookies([
    { ...session, url: baseURL, httpOnly: true, sameSite: 'Lax' },
    { name: 'signed_in', value: '1', url: baseURL, sameSite: 'Lax' },
  ]);
}

/** An API request context from this site (its Origin; no redirect followed) as `who`, or signed out. */
export async function signedInRequest(baseURL: string, who: SignInAs | null): Promise<APIRequestContext> {
  return requestContextWith(baseURL, who === null ? null : await sessionCookie(baseURL, who));
}
