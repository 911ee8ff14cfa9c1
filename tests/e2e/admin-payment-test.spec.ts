// The admin payment-test page in the browser, as the demo admin (a shared session): with a
// contractor of its own named as the only test recipient (planted in the site's database, removed
// after), a test run sells a test lead through the real pipeline on the sandbox gateway; the page
// shows the run's steps, and its tabs (moved between with the arrow keys) show the lead, its
// distribution and its transaction; axe on the page. The refusal with a live Stripe key needs a
// server configured with one: tests/integration/admin-payment-test-live-key.test.ts.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createBusiness, giveCard } from '../factories/index.ts';
import { signInAs } from '../helpers/e2e-session.ts';
import { hydrated } from '../helpers/islands.ts';
import { withSiteDatabase } from '../helpers/site-database.ts';
import { expect, test } from '../helpers/test.ts';

async function noAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test('The payment-test page creates a test lead and shows its distributions and transactions', async ({
  context,
  page,
  baseURL,
}) => {
  await signInAs(context, 'admin', baseURL!);
  const tag = Date.now().toString(36);
  const name = `Payment Test Roofing ${tag}`;
  const business = await withSiteDatabase(baseURL!, async (tx) => {
    const sql = tx;
    const [dayton] = await tx<
      { zip: string }[]
    >`select zip_codes[1] as zip from service_areas where slug = 'dayton'`;
    const made = await createBusiness(sql, {
      name,
      category: 'Roofing',
      services: ['roofing'],
      serviceAreas: [dayton!.zip],
    });
    await giveCard(sql, made.id);
    await tx`update businesses set receives_test_leads = true where id = ${made.id}`;
    return made;
  });
  try {
    await page.goto('/admin/payment-test');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Test' })).toBeVisible();
    await hydrated(page, 'PaymentTest');
    await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('rowheader', { name: 'Leads today' })).toBeVisible();
    await noAxeViolations(page);

    // By role: a label's text (which getByLabel matches) takes in the options of the select it wraps.
    await page.getByRole('combobox', { name: 'Service', exact: true }).selectOption({ label: 'Roofing' });
    await page.getByRole('combobox', { name: 'Service area' }).selectOption({ label: 'Dayton' });
    await page.getByRole('button', { name: 'Run payment test' }).click();
    await expect(
      page.getByText('Test run passed: Distributed to 1 pro; 1 charged, $30.00 in total.'),
    ).toBeVisible({
      timeout: 15_000,
    });
    const lead = await withSiteDatabase(baseURL!, async (tx) => {
      const [row] = await tx<{ lead_id: string }[]>`
        select lead_id from lead_distributions where business_id = ${business.id}`;
      return row!.lead_id;
    });
    const short = lead.slice(0, 8);

    // The tabs, as a keyboard user moves through them.
    await page.getByRole('tab', { name: 'Overview' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Test Leads' })).toBeFocused();
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('row').filter({ hasText: short })).toContainText('Qualified');

    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Distributions' })).toHaveAttribute('aria-selected', 'true');
    const distribution = panel.getByRole('row').filter({ hasText: name });
    await expect(distribution).toHaveCount(1);
    await expect(distribution).toContainText(short);
    await expect(distribution).toContainText('Paid');

    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Transactions' })).toHaveAttribute('aria-selected', 'true');
    const transaction = panel.getByRole('row').filter({ hasText: name });
    await expect(transaction).toHaveCount(1);
    await expect(transaction).toContainText('$30.00');
    await expect(transaction).toContainText('Paid');

    await page.getByRole('tab', { name: 'Test Results' }).click();
    const result = panel.getByRole('row').filter({ hasText: short });
    await expect(result).toContainText('admin@example.com');
    await expect(result.getByRole('cell').last()).toHaveText('Pass');
    await noAxeViolations(page);

    // Ten rows at most when asked: this run is among them.
    await page.getByRole('combobox', { name: 'Rows per list' }).selectOption('10');
    await expect(panel.getByRole('row').filter({ hasText: short })).toHaveCount(1);
  } finally {
    await withSiteDatabase(baseURL!, async (tx) => {
      const leads = await tx<{ lead_id: string }[]>`
        select lead_id from lead_distributions where business_id = ${business.id}`;
      await tx`delete from businesses where id = ${business.id}`;
      for (const { lead_id } of leads) {
        await tx`delete from payment_test_runs where lead_id = ${lead_id}`;
        await tx`delete from leads where id = ${lead_id}`;
      }
    });
  }
});
