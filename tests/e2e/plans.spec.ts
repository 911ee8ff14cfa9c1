// Plans and Manage Payments in a browser, as the demo contractor (shared session; the demo gives
// it the Enhanced plan in the sandbox): a plan change made on the Subscription tab shows there and
// on the Subscription Plan card, and Manage Payments opens the sandbox's Customer Portal stand-in
// in a new tab with the card and the plan. axe reports nothing on either. The plan is put back
// afterwards, since other specs share the demo data. The demo plan's paid first month is a row of
// the Transactions tab whose receipt opens the sandbox's receipt page.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { signInAs } from '../helpers/e2e-session.ts';
import { withSiteDatabase } from '../helpers/site-database.ts';
import { expect, test } from '../helpers/test.ts';

async function axe(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.afterAll(async () => {
  // The demo's plan as seeded (scripts/lib/seed-demo-plans.ts), whatever the test left.
  await withSiteDatabase(test.info().project.use.baseURL!, async (tx) => {
    const owner = tx`(select b.id from businesses b join users u on u.id = b.owner_id
                       where u.email = 'contractor@example.com' order by b.created_at, b.id limit 1)`;
    await tx`update sandbox_subscriptions set plan = 'enhanced', cancel_at_period_end = false
              where business_id = ${owner} and status <> 'canceled'`;
    await tx`update subscriptions set plan = 'enhanced', price_cents = 9900, cancel_at_period_end = false
              where business_id = ${owner} and status = 'active'`;
  });
});

test('a plan change shows in Subscription, and Manage Payments opens the portal in a new tab', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await signInAs(context, 'contractor', test.info().project.use.baseURL!);
  await page.goto('/contractor/billing?tab=subscription');
  await page.locator('astro-island:not([ssr])').first().waitFor();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('heading', { name: 'Plan: Enhanced' })).toBeVisible();
  await expect(panel.getByText('$99.00 a month')).toBeVisible();
  await expect(panel.getByText(/Renews on/)).toBeVisible();

  await panel.getByLabel('Change to').selectOption({ label: 'Basic, $49 a month' });
  await panel.getByRole('button', { name: 'Change plan' }).click();
  // Nothing final in one tap: the new price and the proration first (billing-phone.spec.ts checks
  // the numbers).
  const confirm = page.getByRole('dialog', { name: 'Change to Basic?' });
  await expect(confirm).toContainText('Basic at $49.00 a month');
  await confirm.getByRole('button', { name: 'Change to Basic' }).click();
  await expect(panel.getByRole('status')).toHaveText('Your plan has been changed.');
  await expect(panel.getByRole('heading', { name: 'Plan: Basic' })).toBeVisible();
  await expect(panel.getByText('$49.00 a month')).toBeVisible();
  const cards = page.getByRole('region', { name: 'Billing summary' });
  await expect(cards).toContainText('Basic');
  await expect(cards).toContainText('$49.00 a month');
  expect(await axe(page)).toEqual([]);

  const opened = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Manage Payments' }).click();
  const portal = await opened;
  await portal.waitForLoadState();
  expect(new URL(portal.url()).pathname).toBe('/sandbox/portal');
  await expect(portal.getByRole('heading', { name: /^Manage payments for / })).toBeVisible();
  await expect(portal.getByText(/ending in \d{4}, expires/).first()).toBeVisible();
  await expect(portal.getByText(/^Basic, \$49\.00 a month\. Renews on /)).toBeVisible();
  await expect(portal.getByRole('link', { name: 'Return to Dayton Contractors' })).toHaveAttribute(
    'href',
    /\/contractor\/billing$/,
  );
  expect(await axe(portal)).toEqual([]);
  await expect(page.getByText('Failed to open payment management portal')).toHaveCount(0);
});

test("the plan's paid month is a row of Transactions, with the sandbox's receipt", async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await signInAs(context, 'contractor', test.info().project.use.baseURL!);
  await page.goto('/contractor/billing');
  await page.locator('astro-island:not([ssr])').first().waitFor();
  const row = page.getByRole('row').filter({ hasText: /Enhanced plan, [A-Z][a-z]{2} \d{1,2}/ });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: '$99.00', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Paid', exact: true })).toBeVisible();
  const popup = page.waitForEvent('popup');
  await row.getByRole('link', { name: /^Receipt for Enhanced plan/ }).click();
  const receipt = await popup;
  await expect(receipt.getByRole('heading', { name: 'Receipt from Dayton Contractors' })).toBeVisible();
  await expect(receipt.getByText('$99.00', { exact: true })).toBeVisible();
});
