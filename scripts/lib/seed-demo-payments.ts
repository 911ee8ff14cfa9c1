// A demo credit request waiting in the admin's dispute queue (/admin/payments?tab=disputes): a
// lead sold to the demo contractor (contractor@example.com) a day ago, charged to its sandbox card,
// disputed through the real path (disputeLead) for a reason no automatic rule settles, so it stays
// 'open' until an admin grants or declines it. Deterministic, written once: a second run finds the
// lead and does nothing.
import { LEAD_PRICE_CENTS, leadScore } from '../../src/domain/quote-rules.ts';
import { disputeLead } from '../../src/server/credits/dispute-lead.ts';
import type { Sql } from '../../src/server/db/client.ts';
import { createSandboxGateway } from '../../src/server/payments/sandbox-gateway.ts';
import { leadChargeKey } from '../../src/server/quotes/record-lead-charge.ts';
import { DEMO_CONTRACTOR_EMAIL } from './seed-demo-dashboard.ts';

const DESCRIPTION = 'Replace two cracked bathroom tiles and regrout around the tub.';
export const DEMO_OPEN_CREDIT_NOTE = 'The homeowner says they never asked for a quote and hung up.';

export async function seedDemoPayments(sql: Sql, ownerEmail = DEMO_CONTRACTOR_EMAIL): Promise<number> {
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
  const email = `demo.dispute1.${business.slug}@example.com`.slice(-254);
  const [exists] = await sql`select 1 from leads where email = ${email}`;
  if (exists) return 0;
  const ago = sql`now() - interval '1 day'`;
  const distributionId = await sql.begin(async (tx) => {
    const [lead] = await tx<{ id: string }[]>`
      insert into leads (service_id, name, email, phone, project_type, project_description, timeline, budget_min,
                         budget_max, property_address, zip_code, city, property_type, preferred_contact_method,
                         lead_score, qualification, created_at, updated_at, confirmed_at)
      values (${business.service_id}, 'Casey Morgan', ${email}, '9372284461', ${business.service}, ${DESCRIPTION},
              'FLEXIBLE', 500, 1000, '17 Maple Avenue', ${business.zip}, 'Dayton', 'Single Family Home', 'phone',
              ${leadScore({ budgetMax: 1000, timeline: 'FLEXIBLE', description: DESCRIPTION, photoCount: 0 })},
              'qualified', ${ago}, ${ago}, ${ago})
      returning id`;
    const [d] = await tx<{ id: string }[]>`
      insert into lead_distributions (lead_id, business_id, rank, status, created_at, sent_at, charged_at, payment_status)
      values (${lead!.id}, ${business.id}, 1, 'sent', ${ago}, ${ago}, ${ago}, 'paid')
      returning id`;
    return d!.id;
  });
  const gateway = createSandboxGateway(sql);
  const key = leadChargeKey(distributionId);
  const charge = await gateway.charge({
    customerId: business.customer,
    paymentMethodId: business.method,
    amountCents: LEAD_PRICE_CENTS,
    idempotencyKey: key,
    description: `Lead: ${business.service} in Dayton`,
  });
  if (charge.status !== 'succeeded') return 0;
  // The sandbox's charge is stamped when the ledger says it was made (revenue validation pairs them).
  await sql`update sandbox_payment_intents set created_at = ${ago} where id = ${charge.paymentIntentId}`;
  await sql`
    insert into payment_transactions (business_id, lead_id, distribution_id, idempotency_key, payment_amount_cents,
                                      payment_status, stripe_payment_intent_id, description, created_at)
    select ${business.id}, lead_id, id, ${key}, ${LEAD_PRICE_CENTS}, 'paid', ${charge.paymentIntentId}, 'Lead charge',
           ${ago}
      from lead_distributions where id = ${distributionId}`;
  await sql`update lead_distributions set stripe_payment_intent_id = ${charge.paymentIntentId} where id = ${distributionId}`;
  const credit = await disputeLead(sql, gateway, business.id, distributionId, {
    reason: 'other',
    note: DEMO_OPEN_CREDIT_NOTE,
  });
  return credit.status === 'open' ? 1 : 0;
}
