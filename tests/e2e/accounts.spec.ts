// Accounts in a browser: sign up, the verification mail at /dev/mail, verify, sign out, sign in,
// reset the password through the mailed link, change the e-mail, end another session, and a
// guarded page that returns to its origin after sign-in.
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { type Browser, type Page } from '@playwright/test';
import { issueToken } from '../../src/server/accounts/auth/account-tokens.ts';
import { hashPassword } from '../../src/server/accounts/auth/password.ts';
import { createUser } from '../factories/index.ts';
import { serveBuildAgain } from '../helpers/second-server.ts';
import { withSiteDatabase } from '../helpers/site-database.ts';
import { expect, test } from '../helpers/test.ts';

const PASSWORD = 'Str0ng!Pass';

async function ready(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('astro-island:not([ssr])').first().waitFor();
}

/** The link of the newest mail to an address with a subject, as a path on the test server. */
async function mailedLink(page: Page, to: string, subject: string): Promise<string> {
  await page.goto('/dev/mail');
  const mail = page
    .getByRole('article')
    .filter({ hasText: to })
    .filter({ has: page.getByRole('heading', { name: subject }) });
  const href = await mail.first().getByRole('link').first().getAttribute('href');
  expect(href, `a "${subject}" mail to ${to}`).toBeTruthy();
  const url = new URL(href!);
  return url.pathname + url.search;
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await ready(page, '/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
  // The form leaves for its destination a moment later; a navigation the test starts before then
  // would be overtaken by it.
  await page.waitForURL((url) => url.pathname !== '/auth');
}

async function signOut(page: Page): Promise<void> {
  const menu = page.locator('.account-menu');
  if ((await menu.getAttribute('open')) === null) await menu.locator('summary').click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
}

async function freshPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test('sign up, verify, sign out and in, reset the password, change the e-mail, end a session', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const email = `pat-${randomUUID().slice(0, 8)}@example.com`;

  // Sign up: the checklist follows the typing; a weak password is refused.
  await ready(page, '/auth');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await page.getByLabel('Full Name').fill('Pat Lee');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create Account' }).last().click();
  await expect(page.getByText('Please enter a valid email address').first()).toBeVisible();
  await expect(page.getByText('Invalid Email')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Create Account' }).last().click();
  await expect(page.getByText('Password Requirements Not Met')).toBeVisible();
  const rules = page.locator('#password-rules');
  await expect(rules.getByText('Password must contain at least one uppercase letter')).toContainText(
    'not met',
  );
  await page.getByLabel('Password').fill(PASSWORD);
  await expect(rules.getByText('Password must contain at least one uppercase letter')).toContainText('(met)');
  await page.getByRole('button', { name: 'Create Account' }).last().click();
  await expect(page.getByText('Please check your email to verify your account.')).toBeVisible();

  // Before verifying, signing in is refused (and a new link is mailed).
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Email Not Verified')).toBeVisible();

  // Verify through the mailed link: signed in, the account menu shows the address.
  await page.goto(await mailedLink(page, email, 'Confirm your e-mail address'));
  // Opening the link uses nothing up (mail scanners follow links); the button confirms.
  await page.getByRole('button', { name: 'Confirm e-mail address' }).click();
  await expect(page).toHaveURL('/?verified=1');
  await expect(page.locator('.account-menu summary')).toHaveText(email);
  await page.locator('.account-menu summary').click();
  await expect(page.locator('.account-menu').getByText('Homeowner', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Account Settings' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

  await signOut(page);

  // Wrong password, then the right one.
  await ready(page, '/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Wrong!Pass1');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Login Failed')).toBeVisible();
  await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL('/');
  await signOut(page);

  // Reset the password through the mailed link; the link works once.
  await ready(page, '/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Reset email sent!' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Another Email' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Sign In' })).toBeVisible();
  const resetLink = await mailedLink(page, email, 'Reset your password');
  await page.goto(resetLink);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  const NEW_PASSWORD = 'N3w!Passw0rd-Kettle';
  await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm New Password').fill('Something!1');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm New Password').fill('abc');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Password must be at least 8 characters long');
  await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password updated!').first()).toBeVisible();
  await expect(page).toHaveURL('/');
  await page.goto(resetLink);
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
  await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request New Reset Link' })).toBeVisible();

  // Change the e-mail: it takes effect only through the link mailed to the new address.
  const newEmail = `pat-new-${randomUUID().slice(0, 8)}@example.com`;
  await ready(page, '/profile');
  await page.getByLabel('Email').fill(newEmail);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated!')).toBeVisible();
  await expect(page.getByText('Verification email sent')).toBeVisible();
  await page.goto(await mailedLink(page, newEmail, 'Confirm your new e-mail address'));
  await page.getByRole('button', { name: 'Confirm e-mail address' }).click();
  await expect(page).toHaveURL('/profile?email=changed');
  await page.locator('astro-island:not([ssr])').first().waitFor();
  await expect(page.getByLabel('Email')).toHaveValue(newEmail);

  // A second browser signs in; the first ends that session from Security.
  const other = await freshPage(browser);
  await signIn(other, newEmail, NEW_PASSWORD);
  await ready(page, '/profile');
  await page.getByRole('tab', { name: 'Security' }).click();
  const sessions = page.locator('.sessions li');
  await expect(sessions).toHaveCount(2);
  await expect(sessions.filter({ hasText: '(this device)' })).toHaveCount(1);
  await sessions.getByRole('button', { name: 'End Session' }).click();
  await expect(page.getByText('Session ended')).toBeVisible();
  await expect(sessions).toHaveCount(1);
  // Its open /profile may find the session gone by itself and leave for /auth while this
  // navigation starts (the navigation is then aborted): either way it must end at sign-in.
  await other.goto('/profile').catch(() => undefined);
  await expect(other).toHaveURL('/auth?returnTo=%2Fprofile');
  await other.context().close();
});

test('the verification link opened in another browser asks for the password, then sends that browser to sign in', async ({
  browser,
}) => {
  // An account signed up elsewhere and not confirmed, with its mailed link (made in the database:
  // the browser suite shares one address's sign-in allowance, and sign-up is tested above).
  const email = `elsewhere-${randomUUID().slice(0, 8)}@example.com`;
  const token = await withSiteDatabase(test.info().project.use.baseURL!, async (tx) => {
    const user = await createUser(tx, {
      email,
      passwordHash: await hashPassword(PASSWORD),
    });
    await tx`update users set email_confirmed_at = null where id = ${user.id}`;
    return issueToken(tx, user.id, 'email_verification');
  });
  const link = `/auth/verify?token=${token}`;

  // A phone, say: no signup cookie. Without the password nothing happens; a wrong one is refused.
  const phone = await freshPage(browser);
  await phone.goto(link);
  const password = phone.getByLabel('Password');
  await expect(password).toBeVisible();
  await expect(phone.getByRole('link', { name: 'Create the account again' })).toHaveAttribute(
    'href',
    '/auth',
  );
  await password.fill('Not-The-One-42!');
  await phone.getByRole('button', { name: 'Confirm e-mail address' }).click();
  await expect(phone.getByRole('alert')).toHaveText('That password is not right. Please try again.');
  await expect(phone.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  await phone.getByLabel('Password').fill(PASSWORD);
  await phone.getByRole('button', { name: 'Confirm e-mail address' }).click();
  // Confirmed; this browser did not start the sign-up, so it signs in as anyone does.
  await expect(phone).toHaveURL('/auth?verify=confirmed');
  await expect(phone.getByText('Your e-mail address is confirmed. Please sign in.')).toBeVisible();
  await phone.context().close();
});

test('a guarded page sends a visitor to sign in and back to it afterwards', async ({ page }) => {
  await page.goto('/profile?tab=1');
  await expect(page).toHaveURL('/auth?returnTo=%2Fprofile%3Ftab%3D1');
  await page.locator('astro-island:not([ssr])').first().waitFor();
  await page.getByLabel('Email').fill('homeowner@example.com');
  await page.getByLabel('Password').fill('DemoPass!2026');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/profile?tab=1');
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  // Signed in, /auth (the mobile Account tab) sends the visitor to their account, not home (issue 24).
  await page.goto('/auth');
  await expect(page).toHaveURL('/profile');
});

test('a returnTo that resolves to another host (/.//evil.example) ends on this site', async ({ page }) => {
  const site = new URL(test.info().project.use.baseURL!);
  await page.goto('/auth?returnTo=%2F.%2F%2Fevil.example');
  await page.locator('astro-island:not([ssr])').first().waitFor();
  await page.getByLabel('Email').fill('homeowner@example.com');
  await page.getByLabel('Password').fill('DemoPass!2026');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await page.waitForURL((url) => url.pathname !== '/auth');
  expect(new URL(page.url()).origin).toBe(site.origin);
  await expect(page).toHaveURL('/');
});

test('signing in leaves a long-lived device cookie, which signing out keeps', async ({ page }) => {
  await signIn(page, 'contractor2@example.com', 'DemoPass!2026');
  // A contractor with no page to return to lands on the dashboard (issue 24).
  await page.waitForURL('/dashboard');
  const device = async () => (await page.context().cookies()).find((c) => c.name === 'device');
  expect(await device()).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  expect((await device())!.expires * 1000).toBeGreaterThan(Date.now() + 300 * 86_400_000);
  await signOut(page);
  expect(await device()).toBeDefined();
});

test('non-admins on admin pages go to sign in with the admin-required flag', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL('/auth?admin=required&returnTo=%2Fadmin');
  await expect(page.getByText('Admin access required. Please sign in with an admin account.')).toBeVisible();
});

test('/dev/mail does not exist when a mail transport is configured', async () => {
  // The same build, served a second time with SMTP_URL set (it never connects: nothing is sent),
  // marked as on the embedded database so that SMTP_URL alone is what removes the page.
  const server = await serveBuildAgain({ EMBEDDED_DB: '1', SMTP_URL: 'smtp://127.0.0.1:9' });
  try {
    expect((await fetch(`${server.origin}/dev/mail`)).status).toBe(404);
  } finally {
    await server.stop();
  }
});

/** GET `path` from the test server with the Host header as given (browsers and fetch set it). */
function getWithHost(path: string, host: string): Promise<{ status: number; body: string }> {
  const base = new URL(test.info().project.use.baseURL!);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: base.hostname, port: base.port, path, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.once('error', reject);
    req.end();
  });
}

test('/dev/mail is never shown to a Host that is not loopback (a rebound name is refused first)', async () => {
  const port = new URL(test.info().project.use.baseURL!).port;
  const local = await getWithHost('/dev/mail', `localhost:${port}`);
  expect(local.status).toBe(200);
  expect(local.body).toContain('Captured mail');
  for (const host of ['evil.example', `evil.example:${port}`, `localhost.evil.example:${port}`]) {
    const rebound = await getWithHost('/dev/mail', host);
    // The host check answers 421 before any page runs (src/server/platform/security/request-site.ts);
    // the page's own loopback check is tested in tests/unit/loopback.test.ts.
    expect(rebound.status, host).toBe(421);
    expect(rebound.body).not.toContain('Captured mail');
  }
});
