// A signed-in session of a demo account, signed in once per run and shared by the tests that only
// need to be signed in (not to test signing in). Sign-ins are limited per e-mail and per address
// (5 and 30 per 5 minutes), and every browser test connects from 127.0.0.1, so signing in afresh in
// each test would trip the limits the suite itself tests. The cookie is kept in the run's output
// folder, which Playwright empties when a run starts.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { request, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { DEMO_ADMIN_TOTP_SECRET } from '../../scripts/lib/seed-demo-admin-factor.ts';
import { currentTotpCode, TOTP_PERIOD_SECONDS } from '../../src/server/accounts/auth/second-factor/totp.ts';

export const DEMO_PASSWORD = 'DemoPass!2026';

export interface SessionCookie {
  name: string;
  value: string;
}

export async function demoSession(baseURL: string, email: string): Promise<SessionCookie> {
  const origin = new URL(baseURL).origin;
  const file = path.resolve('test-results', '.sessions', `${new URL(baseURL).port}-${email}.txt`);
  let pair: string | undefined;
  try {
    pair = readFileSync(file, 'utf8');
  } catch {
    pair = undefined;
  }
  // An admin's session ends after 30 minutes unused (issue 26): a long run signs in again.
  if (pair && !(await stillSignedIn(origin, pair))) pair = undefined;
  if (!pair) {
    let answer = await fetch(`${origin}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    // The demo admin has a second factor (issue 26): the second step with its current code.
    if (answer.status === 200 && ((await answer.clone().json()) as { secondFactor?: boolean }).secondFactor) {
      answer = await secondStep(origin, answer);
    }
    pair = answer.headers
      .getSetCookie()
      .find((c) => /^(__Host-)?session=/.test(c))
      ?.split(';')[0];
    if (answer.status !== 200 || !pair) {
      throw new Error(`Signing in as ${email} failed: ${answer.status} ${await answer.text()}`);
    }
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, pair);
  }
  const [name = '', ...value] = pair.split('=');
  return { name, value: value.join('=') };
}

/** Whether the session cookie `pair` ("name=value") is still signed in. */
async function stillSignedIn(origin: string, pair: string): Promise<boolean> {
  const answer = await fetch(`${origin}/api/auth/session`, { headers: { cookie: pair } });
  const body = (await answer.json().catch(() => null)) as { user: unknown } | null;
  return answer.ok && Boolean(body?.user);
}

/**
 * The sign-in's second step for the demo admin, with the code of its documented secret. A code is
 * taken once: when this run already used the current one (another server process on the same
 * database), it waits for the next.
 */
async function secondStep(origin: string, first: Response): Promise<Response> {
  const step = first.headers
    .getSetCookie()
    .find((c) => /^(__Host-)?sign_in_step=/.test(c))
    ?.split(';')[0];
  for (let tries = 0; ; tries += 1) {
    const answer = await fetch(`${origin}/api/auth/second-factor`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, cookie: step ?? '' },
      body: JSON.stringify({ code: currentTotpCode(DEMO_ADMIN_TOTP_SECRET) }),
    });
    if (answer.status !== 401 || tries > 0) return answer;
    const left = TOTP_PERIOD_SECONDS - (Math.floor(Date.now() / 1000) % TOTP_PERIOD_SECONDS);
    await new Promise((resolve) => setTimeout(resolve, (left + 1) * 1000));
  }
}

/** Signs a browser context in as a demo account (its session cookie and the signed-in hint). */
export async function signInContext(context: BrowserContext, baseURL: string, email: string): Promise<void> {
  const session = await demoSession(baseURL, email);
  await context.addCookies([
    { ...session, url: baseURL, httpOnly: true, sameSite: 'Lax' },
    { name: 'signed_in', value: '1', url: baseURL, sameSite: 'Lax' },
  ]);
}

/** An API request context from this site (its Origin), signed in as a demo account unless null. */
export async function demoRequestContext(baseURL: string, email: string | null): Promise<APIRequestContext> {
  return requestContextWith(baseURL, email ? await demoSession(baseURL, email) : null);
}

/** An API request context from this site (its Origin, redirects not followed) with `session`, if any. */
export function requestContextWith(
  baseURL: string,
  session: SessionCookie | null,
): Promise<APIRequestContext> {
  return request.newContext({
    baseURL,
    maxRedirects: 0,
    extraHTTPHeaders: { origin: new URL(baseURL).origin },
    ...(session && {
      storageState: {
        cookies: [
          {
            ...session,
            domain: new URL(baseURL).hostname,
            path: '/',
            expires: -1,
            httpOnly: true,
            secure: false,
            sameSite: 'Lax' as const,
          },
        ],
        origins: [],
      },
    }),
  });
}
