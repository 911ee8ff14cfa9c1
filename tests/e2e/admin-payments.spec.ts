// The admin payments and revenue-validation pages in the browser, as the demo admin (a shared
// session). A credit request planted in the site's database for the demo contractor is declined
// with a reason from the dispute queue and leaves it (the refunding grant, its once-only refund
// and the mails are covered by tests/integration/admin-payments.test.ts). Revenue validation of a
// day that holds one planted charge and its matching transaction shows the clean result. axe on
// both pages. Everything planted is removed.
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { signInAs } from '../helpers/e2e-session.ts';
import { hydrated } from '../helpers/islands.ts';
import { withSiteDatabase } from '../helpers/site-database.ts';
import { expect, test } from '../helpers/test.ts';

async function axe(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const DEMO_BUSINESS = `
  select b.id, b.name, s.id as service_id, s.slug as service, b.stripe_customer_id as customer,
         pm.gateway_payment_method_id as method
    from businesses b join users u on u.id = b.owner_id
    join business_services bs on bs.business_id = b.id join services s on s.id = bs.service_id
    join payment_methods pm on pm.business_id = b.id and pm.is_default and pm.status = 'active'
   where u.email = 'contractor@example.com' order by b.created_at, s.slug limit 1`;

interface DemoBusiness {
  id: string;
  name: string;
  service_id: string;
  service: string;
  customer: string;
  method: string;
}

test('an admin declines a credit request with a reason and it leaves the queue', async ({
  context,
  page,
  baseURL,
}) => {
  await signInAs(context, 'admin', baseURL!);
  const tag = randomUUID().slice(0, 8);
  const note = `Payments spec ${tag}: the homeowner never picked up.`;
  const { leadId, business } = await withSiteDatabase(baseURL!, async (tx) => {
    const [b] = await tx.unsafe<DemoBusiness[]>(DEMO_BUSINESS);
    const [lead] = await tx<{ id: string }[]>`
      insert into leads (service_id, name, email, phone, project_type, project_description, timeline, budget_min,
                         budget_max, property_address, zip_code, city, property_type, preferred_contact_method,
                         lead_score, qualification, created_at, confirmed_at)
      values (${b!.service_id}, 'Pat Queue', ${`payments.${tag}@example.com`}, '9372284488', ${b!.service},
              ${`Payments spec ${tag}: a loose porch railing.`}, 'ASAP', 500, 1000, '3 Test Court', '45402',
              'Dayton', 'Single Family Home', 'phone', 50, 'qualified', now() - interval '3 hours',
              now() - interval '3 hours')
      returning id`;
    const [d] = await tx<{ id: string }[]>`
      insert into lead_distributions (lead_id, business_id, rank, status, created_at, sent_at, charged_at, payment_status)
      values (${lead!.id}, ${b!.id}, 1, 'sent', now() - interval '3 hours', now() - interval '3 hours',
              now() - interval '3 hours', 'paid')
      returning id`;
    await tx`
      insert into lead_credits (business_id, distribution_id, reason, note, status, finding, amount_cents, idempotency_key)
      values (${b!.id}, ${d!.id}, 'other', ${note}, 'open',
              'No automatic rule covers this reason; our team will review it.', 3000, ${`lead-credit-${d!.id}`})`;
    return { leadId: lead!.id, business: b! };
  });
  try {
    await page.goto('/admin/payments?tab=disputes');
    await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
    await hydrated(page, 'PaymentsAdmin');
    await expect(page.getByRole('button', { name: 'Disputes' })).toHaveAttribute('aria-pressed', 'true');
    const row = page.getByRole('row').filter({ hasText: note });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(business.name);
    expect(await axe(page)).toEqual([]);

    await row.getByRole('button', { name: new RegExp(`^Decline credit to `) }).click();
    const reason = 'We called the homeowner and the request is genuine.';
    await row.getByLabel(/Reason for declining the credit/).fill(reason);
    await row.getByRole('button', { name: 'Decline request' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Credit request of ${business.name} declined` }),
    ).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: note })).toHaveCount(0);
    await page.reload();
    await hydrated(page, 'PaymentsAdmin');
    await expect(page.getByRole('heading', { level: 2, name: 'Disputes' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: note })).toHaveCount(0);
    const status = await withSiteDatabase(
      baseURL!,
      (tx) => tx<{ status: string; decision_reason: string }[]>`
        select c.status, c.decision_reason from lead_credits c join lead_distributions d on d.id = c.distribution_id
         where d.lead_id = ${leadId}`,
    );
    expect(status).toEqual([{ status: 'denied', decision_reason: reason }]);
  } finally {
    await withSiteDatabase(baseURL!, (tx) => tx`delete from leads where id = ${leadId}`);
  }
});

test('revenue validation shows the clean result for a day whose charge and transaction agree', async ({
  context,
  page,
  baseURL,
}) => {
  await signInAs(context, 'admin', baseURL!);
  const tag = randomUUID().slice(0, 8);
  const intent = `pi_sandbox_e2e_revenue_${tag}`;
  const key = `e2e-revenue-${tag}`;
  await withSiteDatabase(baseURL!, async (tx) => {
    const [b] = await tx.unsafe<DemoBusiness[]>(DEMO_BUSINESS);
    await tx`
      insert into sandbox_payment_intents (id, idempotency_key, customer_id, payment_method_id, amount_cents, status, created_at)
      values (${intent}, ${key}, ${b!.customer}, ${b!.method}, 3000, 'succeeded', '2019-05-15T14:00:00Z')`;
    await tx`
      insert into payment_transactions (business_id, idempotency_key, payment_amount_cents, payment_status,
                                        stripe_payment_intent_id, description, created_at)
      values (${b!.id}, ${key}, 3000, 'paid', ${intent}, 'Lead charge (revenue spec)', '2019-05-15T14:00:00Z')`;
  });
  try {
    await page.goto('/admin/revenue-validation');
    await expect(page.getByRole('heading', { level: 1, name: 'Revenue Validation' })).toBeVisible();
    await hydrated(page, 'RevenueValidation');
    await expect(page.getByText(/^\d+ transactions? in our ledger/)).toBeVisible();
    await page.getByLabel('From', { exact: true }).fill('2019-05-15');
    await page.getByLabel('To', { exact: true }).fill('2019-05-15');
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'May 15, 2019 to May 15, 2019' })).toBeVisible();
    await expect(
      page.getByText('1 transaction in our ledger, 1 charge attempt at the sandbox gateway, 1 matched.'),
    ).toBeVisible();
    await expect(
      page.getByRole('status').filter({
        hasText:
          'No mismatches: every paid transaction has a succeeded charge of the same amount, and every charge has a transaction.',
      }),
    ).toBeVisible();
    expect(await axe(page)).toEqual([]);
  } finally {
    await withSiteDatabase(baseURL!, async (tx) => {
      await tx`delete from payment_transactions where idempotency_key = ${key}`;
      await tx`delete from sandbox_payment_intents where id = ${intent}`;
    });
  }
});
