// The screenshots linked from the README (docs/screens/), at a phone's 390 px: the contractor's
// dashboard (its leads and its Analytics tab) and billing as the demo contractor sees them, and the quote wizard's first step and
// its code step. Refreshed by `npm run screens` whenever those screens change.
import path from 'node:path';
import { signInAs } from '../helpers/e2e-session.ts';
import { hydrated } from '../helpers/islands.ts';
import { expect, test } from '../helpers/test.ts';

const OUT = path.resolve('docs', 'screens');
const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE, deviceScaleFactor: 1 });

test('the contractor dashboard at 390 px', async ({ page, baseURL }) => {
  await signInAs(page, 'contractor', baseURL!);
  await page.goto('/dashboard');
  await hydrated(page, 'Dashboard');
  await expect(page.getByText('Loading leads…')).toHaveCount(0, { timeout: 15_000 });
  await page.screenshot({ path: path.join(OUT, 'dashboard-390.png'), fullPage: false });
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page.getByRole('tab', { name: 'Analytics' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 15_000 });
  await page.screenshot({ path: path.join(OUT, 'dashboard-analytics-390.png'), fullPage: false });
});

test('billing at 390 px', async ({ page, baseURL }) => {
  await signInAs(page, 'contractor', baseURL!);
  await page.goto('/contractor/billing');
  await hydrated(page, 'Billing');
  await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 15_000 });
  await page.screenshot({ path: path.join(OUT, 'billing-390.png'), fullPage: false });
});

test('the quote wizard at 390 px', async ({ page }) => {
  await page.goto('/quote-request');
  await hydrated(page, 'QuoteWizard');
  await expect(page.getByText('Step 1 of 6')).toBeVisible();
  await page.screenshot({ path: path.join(OUT, 'wizard-390.png'), fullPage: false });
});
