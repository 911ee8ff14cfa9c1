// The contractor dashboard in a browser: the demo contractor signs in, sees the stats and leads,
// opens a paid lead (its contact shown), inserts a template, responds with a two-item quote,
// moves the lead through its stages to COMPLETED, and finds the response mail at /dev/mail and no
// review mail (the homeowner never accepted the quote: issue 23, a contractor's stage alone invites
// nobody); axe reports nothing on any of the dashboard's tabs.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { signInAs } from '../helpers/e2e-session.ts';
import { expect, test } from '../helpers/test.ts';

/** Signed in with the run's shared session of the demo contractor, on the dashboard. */
async function openDashboard(page: Page): Promise<void> {
  await signInAs(page, 'contractor', test.info().project.use.baseURL!);
  await page.goto('/dashboard');
  await page.locator('astro-island:not([ssr])').first().waitFor();
}

async function signInToDashboard(page: Page): Promise<void> {
  await page.goto('/auth?returnTo=%2Fdashboard');
  await page.locator('astro-island:not([ssr])').first().waitFor();
  await page.getByLabel('Email').fill('contractor@example.com');
  await page.getByLabel('Password').fill('DemoPass!2026');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/dashboard');
  await page.locator('astro-island:not([ssr])').first().waitFor();
}

async function axe(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the demo contractor responds to a paid lead with a quote and completes the job', async ({ page }) => {
  test.setTimeout(90_000);
  await signInToDashboard(page);
  await expect(page.getByRole('heading', { name: 'Contractor Dashboard', level: 1 })).toBeVisible();
  const stats = page.getByRole('region', { name: 'Your last 30 days' });
  // One measure of response time, so one label (issue 24): 'Response Time', the median.
  for (const card of ['Active Leads', 'Response Rate', 'Response Time', 'Monthly Revenue']) {
    await expect(stats.getByRole('heading', { name: card })).toBeVisible();
  }
  await expect(stats.getByText(/Estimate: 1 converted lead/)).toBeVisible();

  // A paid lead shows its homeowner; one whose charge failed does not.
  const lead = page.getByRole('article').filter({ hasText: 'Avery Thompson' });
  await expect(lead.getByText(/Lead score \d+ of 100/)).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: 'Outdoor faucet' })).toContainText(
    'Homeowner contact details are shown only on leads you have paid for.',
  );
  await lead.getByRole('button', { name: 'Open lead' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /in Dayton/ })).toBeFocused();
  await expect(page.getByText('Avery Thompson')).toBeVisible();
  await expect(page.getByRole('link', { name: /demo\.dashboard1\./ })).toBeVisible();

  // A template goes into the response form.
  await page.getByRole('button', { name: 'Templates' }).click();
  const dialog = page.getByRole('dialog', { name: 'Response Templates' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Use Quote Ready' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Subject')).toHaveValue('Your quote is ready');
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue(/your quote is ready/);

  // A two-item quote.
  await page.getByLabel('Include a quote').check();
  await page.getByLabel('Item 1 description').fill('Drain survey');
  await page.getByLabel('Item 1 rate ($)').fill('250');
  await page.getByRole('button', { name: 'Add item' }).click();
  await page.getByLabel('Item 2 description').fill('French drain (feet)');
  await page.getByLabel('Item 2 quantity').fill('40');
  await page.getByLabel('Item 2 rate ($)').fill('32.50');
  await expect(page.getByText('Total: $1,550.00')).toBeVisible();
  await page.getByRole('button', { name: 'Send Response' }).click();
  await expect(page.getByText('Response sent')).toBeVisible();
  const quote = page.getByRole('table', { name: /Quote, valid until/ });
  await expect(quote.getByRole('row', { name: /Total/ })).toContainText('$1,550.00');
  await expect(page.getByText('Stage: Contacted')).toBeVisible();

  // Through the stages to COMPLETED.
  await page.getByRole('button', { name: 'Mark as In progress' }).click();
  await expect(page.getByText('Stage: In progress')).toBeVisible();
  await page.getByRole('button', { name: 'Mark as Completed' }).click();
  await expect(page.getByText('Stage: Completed')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Mark as/ })).toHaveCount(0);

  // The homeowner's mails.
  await page.goto('/dev/mail');
  const mails = page.getByRole('article').filter({ hasText: 'demo.dashboard1.' });
  await expect(
    mails.filter({ has: page.getByRole('heading', { name: /replied: Your quote is ready$/ }) }),
  ).toContainText('/quote-request/responses?token=');
  // Issue 23: the homeowner accepted no quote, so marking the job COMPLETED invites no review.
  await expect(
    mails.filter({ has: page.getByRole('heading', { name: /^How did .+ do\? Leave a review$/ }) }),
  ).toHaveCount(0);
});

test('no WCAG 2.1 AA violations on the dashboard: Leads (with a lead open), Profile, Payments, the Templates dialog', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await openDashboard(page);
  await expect(page.getByRole('button', { name: 'Open lead' }).first()).toBeVisible();
  const violations: string[] = [];
  violations.push(...(await axe(page)).map((v) => `Leads: ${v}`));
  await page.getByRole('button', { name: 'Open lead' }).first().click();
  await expect(page.getByRole('button', { name: 'Back to leads' })).toBeVisible();
  violations.push(...(await axe(page)).map((v) => `Lead: ${v}`));
  await page.getByRole('button', { name: 'Templates' }).click();
  violations.push(...(await axe(page)).map((v) => `Templates: ${v}`));
  await page.keyboard.press('Escape');
  for (const tab of ['Profile', 'Payments']) {
    await page.getByRole('tab', { name: tab }).click();
    await page.waitForLoadState('networkidle');
    violations.push(...(await axe(page)).map((v) => `${tab}: ${v}`));
  }
  expect(violations).toEqual([]);
});

test('the stage filter shows completed jobs, and the quote the homeowner accepted', async ({ page }) => {
  await openDashboard(page);
  await page.getByLabel('Stage').selectOption('COMPLETED');
  const job = page.getByRole('article').filter({ hasText: 'Jamie Carter' });
  await expect(job).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: 'Morgan Lee' })).toHaveCount(0);
  await job.getByRole('button', { name: 'Open lead' }).click();
  await expect(page.getByText('Accepted by the homeowner')).toBeVisible();
  await expect(page.getByRole('table', { name: /Quote, valid until/ })).toContainText('$1,600.00');
});

test('?tab=payment-setup opens the Payments tab', async ({ page }) => {
  await openDashboard(page);
  await page.goto('/dashboard?tab=payment-setup');
  await expect(page.getByRole('tab', { name: 'Payments' })).toHaveAttribute('aria-selected', 'true');
  expect((await page.request.get('/dashboard/anything')).status()).toBe(404);
});
