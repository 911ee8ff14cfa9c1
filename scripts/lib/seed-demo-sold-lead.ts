// One demo lead sold to a demo contractor's first service, as the pipeline leaves it: the lead
// (qualified, confirmed `daysAgo` days ago), its paid distribution, the charge on the business's
// sandbox card (stamped with the same time, so revenue validation pairs it with the ledger) and
// its transaction. Shared by the demo credit rows (seed-demo-credits.ts, seed-demo-payments.ts),
// which then dispute it. Deterministic: null when the business has no card or the lead (found by
// its e-mail) exists already.
import { LEAD_PRICE_CENTS, leadScore } from '../../src/domain/quote-rules.ts';
import type { Sql } from '../../src/server/platform/db/client.ts';
import type { PaymentGateway } from '../../src/server/money/gateway/gateway.ts';
import { createSandboxGateway } from '../../src/server/money/gateway/sandbox-gateway.ts';
import { leadChargeKey } from '../../src/server/leads/requests/record-lead-charge.ts';

export interface DemoLead {
  /** Makes the lead's e-mail, `demo.<tag>.<business slug>@example.com`: one lead per tag. */
  tag: string;
  name: string;
  phone: string;
  description: string;
  timeline: 'ASAP' | 'FLEXIBLE';
  budgetMin: number;
  budgetMax: number;
  address: string;
  daysAgo: number;
}

export interface SoldDemoLead {
  businessId: string;
  distributionId: string;
  gateway: PaymentGateway;
}

export async function sellDemoLead(
  sql: Sql,
  ownerEmail: string,
  lead: DemoLead,
): Promise<SoldDemoLead | null> {
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
  if (!business) return null;
  const email = `demo.${lead.tag}.${business.slug}@example.com`.slice(-254);
  const [exists] = await sql`select 1 from leads where email = ${email}`;
  if (exists) return null;
  const ago = sql`now() - make_interval(days => ${lead.daysAgo})`;
  const distributionId = await sql.begin(async (tx) => {
    const [row] = await tx<{ id: string }[]>`
      insert into leads (service_id, name, email, phone, project_type, project_description, timeline, budget_min,
                         budget_max, property_address, zip_code, city, property_type, preferred_contact_method,
                         lead_score, qualification, created_at, updated_at, confirmed_at, phone_verified_at,
                         phone_line_type, email_confirmed_at, email_key, email_domain)
      values (${business.service_id}, ${lead.name}, ${email}, ${lead.phone}, ${business.service}, ${lead.description},
              ${lead.timeline}, ${lead.budgetMin}, ${lead.budgetMax}, ${lead.address}, ${business.zip}, 'Dayton',
              'Single Family Home', 'phone',
              ${leadScore({ budgetMax: lead.budgetMax, timeline: lead.timeline, description: lead.description, photoCount: 0 })},
              'qualified', ${ago}, ${ago}, ${ago}, ${ago}, 'mobile', ${ago}, ${email}, 'example.com')
      returning id`;
    const [d] = await tx<{ id: string }[]>`
      insert into lead_distributions (lead_id, business_id, rank, status, created_at, sent_at, charged_at, payment_status)
      values (${row!.id}, ${business.id}, 1, 'sent', ${ago}, ${ago}, ${ago}, 'paid')
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
  if (charge.status !== 'succeeded') return null;
  await sql`update sandbox_payment_intents set created_at = ${ago} where id = ${charge.paymentIntentId}`;
  await sql`
    insert into payment_transactions (business_id, lead_id, distribution_id, idempotency_key, payment_amount_cents,
                                      payment_status, stripe_payment_intent_id, description, created_at)
    select ${business.id}, lead_id, id, ${key}, ${LEAD_PRICE_CENTS}, 'paid', ${charge.paymentIntentId}, 'Lead charge',
           ${ago}
      from lead_distributions where id = ${distributionId}`;
  await sql`update lead_distributions set stripe_payment_intent_id = ${charge.paymentIntentId} where id = ${distributionId}`;
  return { businessId: business.id, distributionId, gateway };
}
