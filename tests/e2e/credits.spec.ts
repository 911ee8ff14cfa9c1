// Automatic credits and failed cards in a browser. The demo contractor (shared session) disputes
// a lead as a duplicate (two leads of one homeowner, both charged to its sandbox card, arranged
// in the site's database), sees it credited at once and the charge refunded on the billing page;
// the rules page passes axe. contractor2 (no card) sees the failed-payments banner for a failed
// charge arranged for it, whose link goes to the payment setup. Everything arranged is undone.
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { signInAs } from '../helpers/e2e-session.ts';
import { withSiteDatabase } from '../helpers/site-database.ts';
import { expect, test } from '../helpers/test.ts';

const baseURL = () => test.info().project.use.baseURL!;

async function axe(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

interface Arranged {
  leadIds: string[];
  intentIds: string[];
  label: string;
}

/** Two leads of one homeowner for the demo contractor's service, each charged to its card. */
async function arrangeDuplicate(): Promise<Arranged> {
  const tag = randomUUID().slice(0, 8);
  // The billing page names a lead charge by its service and place ("Lead: Plumbing in ..."): a
  // place of the test's own finds its rows.
  const place = `Testville ${tag}`;
  const label = `in ${place}`;
  return withSiteDatabase(baseURL(), async (tx) => {
    const [b] = await tx<
      { id: string; service_id: string; service: string; zip: string; customer: string; method: string }[]
    >`
      select b.id, s.id as service_id, s.slug as service, coalesce(b.service_areas[1], b.zip_code) as zip,
             b.stripe_customer_id as customer, pm.gateway_payment_method_id as method
        from businesses b join users u on u.id = b.owner_id
        join business_services bs on bs.business_id = b.id join services s on s.id = bs.service_id
        join payment_methods pm on pm.business_id = b.id and pm.is_default and pm.status = 'active'
       where u.email = 'contractor@example.com' order by s.slug limit 1`;
    const arranged: Arranged = { leadIds: [], intentIds: [], label };
    for (const [i, hours] of [26, 1].entries()) {
      const description = `Credit test ${tag}: ${i ? 'the same request again' : 'a dripping kitchen tap'}.`;
      const [lead] = await tx<{ id: string }[]>`
        insert into leads (service_id, name, email, phone, project_type, project_description, timeline, budget_min,
                           budget_max, property_address, zip_code, city, property_type, preferred_contact_method,
                           lead_score, qualification, created_at, confirmed_at)
        values (${b!.service_id}, 'Sam Credit', ${`credit.${tag}@example.com`}, '9372284477', ${b!.service},
                ${description}, 'ASAP', 1000, 5000, '9 Test Lane', ${b!.zip}, ${place}, 'Single Family Home', 'email',
                60, 'qualified', now() - make_interval(hours => ${hours}), now() - make_interval(hours => ${hours}))
        returning id`;
      const intent = `pi_sandbox_e2e_${tag}_${i}`;
      await tx`
        insert into sandbox_payment_intents (id, idempotency_key, customer_id, payment_method_id, amount_cents, status)
        values (${intent}, ${`e2e-credit-${tag}-${i}`}, ${b!.customer}, ${b!.method}, 3000, 'succeeded')`;
      const at = tx`now() - make_interval(hours => ${hours})`;
      const [d] = await tx<{ id: string }[]>`
        insert into lead_distributions (lead_id, business_id, rank, status, created_at, sent_at, charged_at,
                                        payment_status, stripe_payment_intent_id)
        values (${lead!.id}, ${b!.id}, 1, 'sent', ${at}, ${at}, ${at}, 'paid', ${intent}) returning id`;
      await tx`
        insert into payment_transactions (business_id, lead_id, distribution_id, idempotency_key, payment_amount_cents,
                                          payment_status, stripe_payment_intent_id, description, created_at)
        values (${b!.id}, ${lead!.id}, ${d!.id}, ${`e2e-credit-${tag}-${i}`}, 3000, 'paid', ${intent}, ${label}, ${at})`;
      arranged.leadIds.push(lead!.id);
      arranged.intentIds.push(intent);
    }
    return arranged;
  });
}

async function undo(arranged: Arranged): Promise<void> {
  await withSiteDatabase(baseURL(), async (tx) => {
    await tx`
      delete from mail_outbox where payload->>'creditId' in (
        select c.id::text from lead_credits c join lead_distributions d on d.id = c.distribution_id
         where d.lead_id = any(${arranged.leadIds}::uuid[]))`;
    await tx`delete from payment_transactions where lead_id = any(${arranged.leadIds}::uuid[])`;
    await tx`delete from leads where id = any(${arranged.leadIds}::uuid[])`;
    await tx`delete from sandbox_refunds where payment_intent_id = any(${arranged.intentIds})`;
    await tx`delete from sandbox_payment_intents where id = any(${arranged.intentIds})`;
  });
}

test('a duplicate lead is credited at once and shows as refunded on the billing page', async ({ page }) => {
  test.setTimeout(90_000);
  const arranged = await arrangeDuplicate();
  try {
    await signInAs(page, 'contractor', baseURL());
    await page.goto('/dashboard');
    await page.locator('astro-island:not([ssr])').first().waitFor();
    const lead = page.getByRole('article').filter({ hasText: 'the same request again' });
    await lead.getByRole('button', { name: 'Open lead' }).click();
    await page.getByRole('button', { name: 'Dispute this charge' }).click();
    await expect(page.getByRole('link', { name: 'How lead credits work' })).toHaveAttribute(
      'href',
      '/lead-credit-rules',
    );
    await page.getByRole('button', { name: 'Request a credit' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Choose a reason.' })).toBeVisible();
    await page.getByLabel(/^Duplicate/).check();
    expect(await axe(page)).toEqual([]);
    await page.getByRole('button', { name: 'Request a credit' }).click();
    const outcome = page.getByRole('status').filter({ hasText: 'Lead credit' });
    await expect(outcome).toContainText('Credited: the charge was refunded to your card.');
    await expect(outcome).toContainText(/same service with the same e-mail address/);

    await page.goto('/contractor/billing');
    await page.locator('astro-island:not([ssr])').first().waitFor();
    const row = page.getByRole('row').filter({ hasText: arranged.label });
    await expect(row).toHaveCount(2);
    // Statuses in words (issue 24).
    await expect(row.filter({ has: page.getByRole('cell', { name: 'Refunded', exact: true }) })).toHaveCount(
      1,
    );
    await expect(row.filter({ has: page.getByRole('cell', { name: 'Paid', exact: true }) })).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'how lead credits work' })).toBeVisible();

    // The refunded charge's receipt, from the gateway (the sandbox's stand-in page), shows the refund.
    const popup = page.waitForEvent('popup');
    await row
      .filter({ has: page.getByRole('cell', { name: 'Refunded', exact: true }) })
      .getByRole('link', { name: /^Receipt for / })
      .click();
    const receipt = await popup;
    await expect(receipt.getByRole('heading', { name: 'Receipt from Dayton Contractors' })).toBeVisible();
    await expect(receipt.getByText('$30.00', { exact: true })).toHaveCount(2);
    expect(await axe(receipt)).toEqual([]);
  } finally {
    await undo(arranged);
  }
});

test('the rules page explains every rule and passes axe', async ({ page }) => {
  await page.goto('/lead-credit-rules');
  await expect(page.getByRole('heading', { name: 'Lead credit rules', level: 1 })).toBeVisible();
  for (const rule of ['Duplicate', 'Outside your service area', 'The phone number does not work']) {
    await expect(page.getByRole('heading', { name: rule, level: 3 })).toBeVisible();
  }
  await expect(page.getByText(/within 7 days of its charge/)).toBeVisible();
  expect(await axe(page)).toEqual([]);
});

test('a failed lead charge raises the failed-payments banner, whose link fixes the card', async ({
  page,
}) => {
  const key = `e2e-failed-${randomUUID()}`;
  await withSiteDatabase(baseURL(), async (tx) => {
    await tx`
      insert into payment_transactions (business_id, idempotency_key, payment_amount_cents, payment_status,
                                        failure_message, description)
      select b.id, ${key}, 3000, 'failed', 'Your card was declined.', 'Lead charge (failed-card test)'
        from businesses b join users u on u.id = b.owner_id where u.email = 'contractor2@example.com'
       order by b.created_at limit 1`;
  });
  try {
    await signInAs(page, 'contractor2', baseURL());
    await page.goto('/contractor/billing');
    await page.locator('astro-island:not([ssr])').first().waitFor();
    const banner = page.getByRole('alert').filter({ hasText: 'Some payment attempts have failed' });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Update your card' })).toHaveAttribute(
      'href',
      '/dashboard?tab=payment-setup',
    );
  } finally {
    await withSiteDatabase(
      baseURL(),
      (tx) => tx`delete from payment_transactions where idempotency_key = ${key}`,
    );
  }
});
