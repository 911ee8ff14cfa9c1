// Payment setup in a browser with the sandbox gateway: an ACTIVE contractor with no card opens the
// Payments tab ('required'), "Set up payment" goes to the local stand-in of Stripe's hosted page
// (axe: nothing), a declining card shows its message, Cancel comes back 'pending' with its note,
// and 4242... comes back 'completed'. A contractor of its own (made here, signed in with a session
// of its own) rather than the demo contractor2: billing.spec.ts shows contractor2's no-card empty
// states, and the two files may run at the same time.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createBusiness, createUser } from '../factories/index.ts';
import { sessionCookie, signInAs } from '../helpers/e2e-session.ts';
import { hydrated } from '../helpers/islands.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startPaymentSetup } from '../../src/server/money/gateway/payment-setup.ts';
import { createSandboxGateway } from '../../src/server/money/gateway/sandbox-gateway.ts';
import { serveBuildAgain } from '../helpers/second-server.ts';
import { withSiteDatabase } from '../helpers/site-database.ts';
import { expect, test } from '../helpers/test.ts';

async function axe(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function payCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM / YY)').fill(`12 / ${(new Date().getUTCFullYear() + 3) % 100}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
}

async function openPayments(page: Page): Promise<void> {
  await page.goto('/dashboard?tab=payment-setup');
  await hydrated(page, 'Dashboard');
  await expect(page.getByRole('heading', { name: 'Payment Setup', exact: true })).toBeVisible();
}

test('a contractor with no card saves one through the stand-in of the hosted page', async ({
  page,
  baseURL,
}) => {
  const { userId, businessId } = await withSiteDatabase(baseURL!, async (transaction) => {
    // The factories take a pool; a transaction runs the same queries.
    const tx = transaction;
    const user = await createUser(tx, { roles: ['contractor'] });
    const business = await createBusiness(tx, { ownerId: user.id, status: 'ACTIVE' });
    return { userId: user.id, businessId: business.id };
  });
  await signInAs(page, { userId }, baseURL!);

  await openPayments(page);
  await expect(page.getByText('Status: required')).toBeVisible();
  await page.getByRole('button', { name: 'Set up payment' }).click();
  await page.waitForURL(/\/sandbox\/checkout\/setup\?session=cs_sbx_/);
  await expect(page.getByText(/local stand-in of Stripe's hosted checkout page/)).toBeVisible();
  expect(await axe(page)).toEqual([]);

  // Cancel: back on the dashboard, a customer but no card ('pending').
  await page.getByRole('link', { name: 'Cancel and go back' }).click();
  await page.waitForURL('/dashboard?tab=payment-setup&setup=cancelled');
  await hydrated(page, 'Dashboard');
  await expect(page.getByText('Payment setup was cancelled. No card was saved.')).toBeVisible();
  await expect(page.getByText('Status: pending')).toBeVisible();

  await page.getByRole('button', { name: 'Finish payment setup' }).click();
  await page.waitForURL(/\/sandbox\/checkout\/setup\?session=cs_sbx_/);
  await payCard(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  expect(await axe(page)).toEqual([]);
  await payCard(page, '4000 0000 0000 9995');
  await expect(page.getByRole('alert')).toHaveText('Your card has insufficient funds.');

  await payCard(page, '4242 4242 4242 4242');
  await page.waitForURL('/dashboard?tab=payment-setup&setup=success');
  await hydrated(page, 'Dashboard');
  await expect(page.getByText('Your card was saved. Payment setup is completed.')).toBeVisible();
  await expect(page.getByText('Status: completed')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Manage billing' })).toBeVisible();

  const saved = await withSiteDatabase(
    baseURL!,
    (tx) => tx`
    select brand, last4, is_default, status from payment_methods where business_id = ${businessId}`,
  );
  expect(saved).toEqual([{ brand: 'visa', last4: '4242', is_default: true, status: 'active' }]);
});

test('the stand-in is not found for a session that does not exist or without signing in', async ({
  page,
}) => {
  const response = await page.goto('/sandbox/checkout/setup?session=cs_sbx_00000000000000000000000000000000');
  expect(response!.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('with Stripe configured the stand-in does not exist, even for a valid session', async ({ baseURL }) => {
  const { userId, url } = await withSiteDatabase(baseURL!, async (transaction) => {
    const tx = transaction;
    const user = await createUser(tx, { roles: ['contractor'] });
    const business = await createBusiness(tx, { ownerId: user.id, status: 'ACTIVE' });
    const started = await startPaymentSetup(
      tx,
      createSandboxGateway(tx),
      { id: business.id, stripeCustomerId: null },
      user.email,
      baseURL!,
    );
    return { userId: user.id, url: new URL(started.url) };
  });
  const session = await sessionCookie(baseURL!, { userId });
  const headers = { cookie: `${session.name}=${session.value}` };
  // The same session on this (sandbox) server: the page.
  expect((await fetch(`${baseURL!}${url.pathname}${url.search}`, { headers })).status).toBe(200);
  // The same build and database, served with a Stripe key (never used: nothing calls Stripe).
  const port = new URL(baseURL!).port;
  const databaseUrl = readFileSync(path.resolve('.scratch', `e2e-database-${port}.url`), 'utf8').trim();
  const server = await serveBuildAgain({
    EMBEDDED_DB: '1',
    DATABASE_URL: databaseUrl,
    STRIPE_SECRET_KEY: 'sk_test_not_used',
  });
  try {
    expect((await fetch(`${server.origin}${url.pathname}${url.search}`, { headers })).status).toBe(404);
  } finally {
    await server.stop();
  }
});
