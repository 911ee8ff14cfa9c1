// A demo automatic credit for the demo contractor (contractor@example.com): a lead sold two days
// ago, charged to its sandbox card, whose phone number is one reserved for fiction, disputed
// through the real path (disputeLead) and so refunded at once, so `npm start` shows a credited
// lead on the dashboard and a refunded charge on the billing page. (The failed charge the billing
// page's banner needs is seed-demo-dashboard.ts's.) Deterministic, written once: a second run
// finds the lead and does nothing.
import { LEAD_PRICE_CENTS, leadScore } from '../../src/domain/quote-rules.ts';
import { disputeLead } from '../../src/server/credits/dispute-lead.ts';
import type { Sql } from '../../src/server/db/client.ts';
import { createSandboxGateway } from '../../src/server/payments/sandbox-gateway.ts';
import { DEMO_CONTRACTOR_EMAIL } from './seed-demo-dashboard.ts';

const DESCRIPTION = 'Water stains on the ceiling under the upstairs bathroom; we think the shower pan leaks.';

export async function seedDemoCredits(sql: Sql, ownerEmail = DEMO_CONTRACTOR_EMAIL): Promise<number> {
  const [business] = await sql<
    {
      id: string;
      slug: string;
      service_id: string;
      service: string;
      zip: string;
      customer: string;
      method: string;
    }[]
  >`
    select b.id, b.slug, s.id as service_id, s.slug as service, coalesce(b.service_areas[1], b.zip_code) as zip,
           b.stripe_customer_id as customer, pm.gateway_payment_method_id as method
      from businesses b
      join users u on u.id = b.owner_id
      join business_services bs on bs.business_id = b.id
      join services s on s.id = bs.service_id
      join payment_methods pm on pm.business_id = b.id and pm.is_default and pm.status = 'active'
     where u.email = ${ownerEmail} and b.stripe_customer_id is not null
     order by b.created_at, s.slug
     limit 1`;
  if (!business) return 0;
  const email = `demo.credit1.${business.slug}@example.com`.slice(-254);
  const [exists] = await sql`select 1 from leads where email = ${email}`;
  if (exists) return 0;
  const ago = sql`now() - interval '2 days'`;
  const distributionId = await sql.begin(async (tx) => {
    const [lead] = await tx<{ id: string }[]>`
      insert into leads (service_id, name, email, phone, project_type, project_description, timeline, budget_min,
                         budget_max, property_address, zip_code, city, property_type, preferred_contact_method,
                         lead_score, qualification, created_at, updated_at, confirmed_at)
      values (${business.service_id}, 'Jordan Rivers', ${email}, '9375550142', ${business.service}, ${DESCRIPTION},
              'ASAP', 1000, 5000, '41 Elm Street', ${business.zip}, 'Dayton', 'Single Family Home', 'phone',
              ${leadScore({ budgetMax: 5000, timeline: 'ASAP', description: DESCRIPTION, photoCount: 0 })},
              'qualified', ${ago}, ${ago}, ${ago})
      returning id`;
    const [d] = await tx<{ id: string }[]>`
      insert into lead_distributions (lead_id, business_id, rank, status, created_at, sent_at, charged_at, payment_status)
      values (${lead!.id}, ${business.id}, 1, 'sent', ${ago}, ${ago}, ${ago}, 'paid')
      returning id`;
    return d!.id;
  });
  const gateway = createSandboxGateway(sql);
  const key = `lead-distribution-${distributionId}`;
  const charge = await gateway.charge({
    customerId: business.customer,
    paymentMethodId: business.method,
    amountCents: LEAD_PRICE_CENTS,
    idempotencyKey: key,
    description: `Lead: ${business.service} in Dayton`,
  });
  if (charge.status !== 'succeeded') return 0;
  await sql`
    insert into payment_transactions (business_id, lead_id, distribution_id, idempotency_key, payment_amount_cents,
                                      payment_status, stripe_payment_intent_id, description, created_at)
    select ${business.id}, lead_id, id, ${key}, ${LEAD_PRICE_CENTS}, 'paid', ${charge.paymentIntentId}, 'Lead charge',
           ${ago}
      from lead_distributions where id = ${distributionId}`;
  await sql`update lead_distributions set stripe_payment_intent_id = ${charge.paymentIntentId} where id = ${distributionId}`;
  const credit = await disputeLead(sql, gateway, business.id, distributionId, {
    reason: 'bad_number',
    note: 'The number is not in service.',
  });
  return credit.status === 'refunded' ? 1 : 0;
}
