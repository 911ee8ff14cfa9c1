// Demo billing history for the demo contractor (contractor@example.com): 36 earlier leads it
// bought, one every three days from 31 to 136 days ago (every ninth refunded as a duplicate, a
// third of the rest completed, the others rejected), each a lead, the business's distribution
// and its lead charge, as the pipeline leaves them; and one 'legacy' row that the billing page
// leaves out. So `npm start` shows the ranges, several pages of 25 and months of Analytics, and
// every charge has its lead: the monthly spend, the conversion and the Analytics months count the
// same charges (issue 24). The history ends before the last 30 days and so before this month: it
// never changes this month's figures or the dashboard's. Deterministic, written once: a second run
// finds the rows by their idempotency keys and adds nothing.
import { leadScore, LEAD_PRICE_CENTS } from '../../src/domain/quote-rules.ts';
import type { Sql } from '../../src/server/platform/db/client.ts';
import { DEMO_CONTRACTOR_EMAIL } from './seed-demo-dashboard.ts';

export const DEMO_BILLING_HISTORY = 36;
/** The newest earlier lead is this many days old: outside the 30-day figures and this month. */
const DEMO_HISTORY_NEWEST_DAYS = 31;

const NEEDS = [
  'Please look at it and quote the repair.',
  'We would like it done before the holidays.',
  'Photos on request; the house was built in 1962.',
];

export async function seedDemoBilling(sql: Sql, ownerEmail = DEMO_CONTRACTOR_EMAIL): Promise<number> {
  const [business] = await sql<
    { id: string; slug: string; service_id: string; service: string; zip: string }[]
  >`
    select b.id, b.slug, s.id as service_id, s.name as service, coalesce(b.service_areas[1], b.zip_code, '45402') as zip
      from businesses b
      join users u on u.id = b.owner_id
      join services s on s.id = coalesce(
        (select bs.service_id from business_services bs join services x on x.id = bs.service_id
          where bs.business_id = b.id order by x.slug limit 1),
        (select id from services where name = b.category),
        (select id from services order by slug limit 1))
     where u.email = ${ownerEmail} order by b.created_at, b.id limit 1`;
  if (!business) return 0;
  const key = (n: number) => `demo-billing-${business.id}-${n}`;
  let made = 0;
  const [legacy] = await sql`
    insert into payment_transactions (business_id, idempotency_key, payment_amount_cents, payment_status,
                                      description, created_at)
    values (${business.id}, ${key(0)}, ${LEAD_PRICE_CENTS}, 'legacy', 'Legacy import',
            now() - make_interval(days => ${DEMO_HISTORY_NEWEST_DAYS - 1}, hours => 5))
    on conflict (idempotency_key) do nothing
    returning id`;
  if (legacy) made += 1;
  for (let n = 1; n <= DEMO_BILLING_HISTORY; n += 1) {
    const [exists] = await sql`select 1 from payment_transactions where idempotency_key = ${key(n)}`;
    if (exists) continue;
    const refunded = n % 9 === 0;
    const stage = n % 3 === 0 && !refunded ? 'COMPLETED' : 'REJECTED';
    const days = DEMO_HISTORY_NEWEST_DAYS + 3 * (n - 1);
    const description = `${business.service} needed at our home. ${NEEDS[n % NEEDS.length]}`;
    await sql.begin(async (tx) => {
      const ago = tx`now() - make_interval(days => ${days}, hours => 5)`;
      const [lead] = await tx<{ id: string }[]>`
        insert into leads (
          service_id, name, email, phone, project_type, project_description, timeline, budget_min, budget_max,
          property_address, zip_code, city, property_type, preferred_contact_method, lead_score, qualification,
          created_at, updated_at, confirmed_at, phone_verified_at, phone_line_type, email_confirmed_at, email_key,
          email_domain)
        values (
          ${business.service_id}, ${`Earlier Homeowner ${n}`},
          ${`demo.history${n}.${business.slug}@example.com`.slice(-254)}, ${`9372286${String(n).padStart(3, '0')}`},
          ${business.slug}, ${description}, 'FLEXIBLE', 1000, 5000, ${`${200 + n * 3} Maple Avenue`},
          ${business.zip}, 'Dayton', 'Single Family Home', 'phone',
          ${leadScore({ budgetMax: 5000, timeline: 'FLEXIBLE', description, photoCount: 0 })}, 'qualified',
          ${ago}, ${ago}, ${ago}, ${ago}, 'mobile', ${ago},
          ${`demo.history${n}.${business.slug}@example.com`.slice(-254)}, 'example.com')
        returning id`;
      const responded = tx`now() - make_interval(days => ${days}, hours => 5) + make_interval(mins => ${20 + ((n * 37) % 100)})`;
      const [d] = await tx<{ id: string }[]>`
        insert into lead_distributions (
          lead_id, business_id, rank, status, created_at, sent_at, responded_at, charged_at, payment_status,
          stage, stage_changed_at, completed_at)
        values (
          ${lead!.id}, ${business.id}, 1, 'responded', ${ago}, ${ago}, ${responded}, ${ago},
          ${refunded ? 'refunded' : 'paid'}, ${stage}, ${ago} + interval '2 days',
          ${stage === 'COMPLETED' ? tx`now() - make_interval(days => ${days - 5})` : null})
        returning id`;
      const [t] = await tx<{ id: string }[]>`
        insert into payment_transactions (business_id, lead_id, distribution_id, idempotency_key,
                                          payment_amount_cents, payment_status, description, refunded_amount_cents,
                                          refunded_at, created_at)
        values (${business.id}, ${lead!.id}, ${d!.id}, ${key(n)}, ${LEAD_PRICE_CENTS},
                ${refunded ? 'refunded' : 'paid'}, 'Lead charge', ${refunded ? LEAD_PRICE_CENTS : 0},
                ${refunded ? tx`${ago} + interval '1 day'` : null}, ${ago})
        returning id`;
      if (refunded) {
        await tx`
          insert into lead_credits (business_id, distribution_id, transaction_id, reason, status, finding,
                                    amount_cents, idempotency_key, created_at, refunded_at)
          values (${business.id}, ${d!.id}, ${t!.id}, 'duplicate', 'refunded',
                  'You had bought this homeowner’s request for the same service before: refunded under the duplicate rule.',
                  ${LEAD_PRICE_CENTS}, ${`lead-credit-${d!.id}`}, ${ago} + interval '1 day', ${ago} + interval '1 day')`;
      }
    });
    made += 1;
  }
  return made;
}
