// Demo reviews for "Reviews only from real jobs" (issue 23), so `npm start` shows both on the
// admin content page's reviews tab (/admin/content?tab=reviews):
//  - "Avery Stone" hired a listed plumber (quote accepted, job COMPLETED) and reviewed it, but
//    the request's phone is the business's own phone: the review awaits moderation, its signal
//    listed;
//  - "Riley Park" hired the same plumber and reviewed it (public), then the plumber disputed the
//    lead as a number that does not work, refunded at once: the review is withdrawn, its
//    reviewer mailed (/dev/mail).
// Both go through the real paths (submitJobReview, disputeLead). The plumber is the first listed
// plumbing business without an owner that has a sandbox card, so no demo account's dashboard or
// billing changes. Deterministic; a second run finds the leads and does nothing.
import { LEAD_PRICE_CENTS, leadScore } from '../../src/domain/quote-rules.ts';
import { ZJobReview } from '../../src/schemas/homeowner.ts';
import { disputeLead } from '../../src/server/leads/credits/dispute-lead.ts';
import type { Sql } from '../../src/server/platform/db/client.ts';
import { createHomeownerLink } from '../../src/server/leads/access/homeowner-links.ts';
import { createSandboxGateway } from '../../src/server/money/gateway/sandbox-gateway.ts';
import { leadChargeKey } from '../../src/server/leads/requests/record-lead-charge.ts';
import { submitJobReview } from '../../src/server/leads/reviews/submit-job-review.ts';

interface Plumber {
  id: string;
  slug: string;
  name: string;
  phone: string;
  service_id: string;
  zip: string;
  customer: string;
  method: string;
}

interface DemoJob {
  tag: string;
  name: string;
  /** null: the business's own phone (the moderation signal). */
  phone: string | null;
  rating: number;
  title: string;
  content: string;
  daysAgo: number;
}

const JOBS: DemoJob[] = [
  {
    tag: 'review-held',
    name: 'Avery Stone',
    phone: null,
    rating: 5,
    title: 'Best plumber in Dayton',
    content: 'Absolutely perfect in every way. Fast, cheap, friendly. Everyone should hire them.',
    daysAgo: 6,
  },
  {
    tag: 'review-withdrawn',
    name: 'Riley Park',
    // 555-0100 to 555-0199 are reserved for fiction: the 'bad_number' credit rule is met at once.
    phone: '9375550177',
    rating: 5,
    title: 'Five stars',
    content: 'They fixed the leak under our kitchen sink the same afternoon and cleaned up after.',
    daysAgo: 5,
  },
];

/** A demo job: the lead sold to the plumber on its sandbox card, its quote accepted, COMPLETED. */
async function hiredJob(sql: Sql, plumber: Plumber, job: DemoJob) {
  const email = `demo.${job.tag}.${plumber.slug}@example.com`.slice(-254);
  const [exists] = await sql`select 1 from leads where email = ${email}`;
  if (exists) return null;
  const ago = sql`now() - make_interval(days => ${job.daysAgo})`;
  const description = 'Leak under the kitchen sink; the cabinet floor is soaked.';
  const { leadId, distributionId } = await sql.begin(async (tx) => {
    const [lead] = await tx<{ id: string }[]>`
      insert into leads (service_id, name, email, phone, project_type, project_description, timeline, budget_min,
                         budget_max, property_address, zip_code, city, property_type, preferred_contact_method,
                         lead_score, qualification, created_at, updated_at, confirmed_at)
      values (${plumber.service_id}, ${job.name}, ${email}, ${job.phone ?? plumber.phone.replace(/\D/g, '').slice(-10)},
              'plumbing', ${description}, 'ASAP', 250, 1000, '18 Linden Avenue', ${plumber.zip}, 'Dayton',
              'Single Family Home', 'email',
              ${leadScore({ budgetMax: 1000, timeline: 'ASAP', description, photoCount: 0 })}, 'qualified',
              ${ago}, ${ago}, ${ago})
      returning id`;
    const [d] = await tx<{ id: string }[]>`
      insert into lead_distributions (lead_id, business_id, rank, status, created_at, sent_at, charged_at,
                                      payment_status, stage, stage_changed_at, completed_at, responded_at)
      values (${lead!.id}, ${plumber.id}, 1, 'responded', ${ago}, ${ago}, ${ago}, 'paid', 'COMPLETED', now() - interval '1 day',
              now() - interval '1 day', ${ago})
      returning id`;
    const quote = {
      items: [
        {
          description: 'Replace the sink trap and supply lines',
          quantity: 1,
          rateCents: 28_500,
          amountCents: 28_500,
        },
      ],
      totalCents: 28_500,
      validUntil: null,
      terms: 'Payment on completion.',
    };
    await tx`
      insert into lead_communications (lead_id, business_id, message_type, sender_name, subject, message_content,
                                       quote, quote_total_cents, created_at, accepted_at)
      values (${lead!.id}, ${plumber.id}, 'contractor_response', ${plumber.name}, 'Your sink leak',
              'We can come this afternoon and replace the trap and supply lines.', ${tx.json(quote)}, 28500,
              ${ago}, now() - interval '3 days')`;
    return { leadId: lead!.id, distributionId: d!.id };
  });
  const gateway = createSandboxGateway(sql);
  const key = leadChargeKey(distributionId);
  const charge = await gateway.charge({
    customerId: plumber.customer,
    paymentMethodId: plumber.method,
    amountCents: LEAD_PRICE_CENTS,
    idempotencyKey: key,
    description: 'Lead: plumbing in Dayton',
  });
  if (charge.status !== 'succeeded') return null;
  await sql`update sandbox_payment_intents set created_at = ${ago} where id = ${charge.paymentIntentId}`;
  await sql`
    insert into payment_transactions (business_id, lead_id, distribution_id, idempotency_key, payment_amount_cents,
                                      payment_status, stripe_payment_intent_id, description, created_at)
    values (${plumber.id}, ${leadId}, ${distributionId}, ${key}, ${LEAD_PRICE_CENTS}, 'paid', ${charge.paymentIntentId},
            'Lead charge', ${ago})`;
  await sql`update lead_distributions set stripe_payment_intent_id = ${charge.paymentIntentId} where id = ${distributionId}`;
  return { leadId, distributionId, gateway };
}

export async function seedDemoReviews(sql: Sql): Promise<{ held: number; withdrawn: number }> {
  const result = { held: 0, withdrawn: 0 };
  const [plumber] = await sql<Plumber[]>`
    select b.id, b.slug, b.name, b.phone, s.id as service_id, coalesce(b.service_areas[1], b.zip_code) as zip,
           b.stripe_customer_id as customer, pm.gateway_payment_method_id as method
      from businesses b
      join business_services bs on bs.business_id = b.id
      join services s on s.id = bs.service_id and s.slug = 'plumbing'
      join payment_methods pm on pm.business_id = b.id and pm.is_default and pm.status = 'active'
     where b.status = 'ACTIVE' and b.owner_id is null and b.stripe_customer_id is not null and b.phone is not null
     order by b.slug
     limit 1`;
  if (!plumber) return result;
  for (const job of JOBS) {
    const hired = await hiredJob(sql, plumber, job);
    if (!hired) continue;
    const token = await createHomeownerLink(sql, {
      leadId: hired.leadId,
      purpose: 'review',
      businessId: plumber.id,
    });
    const review = await submitJobReview(
      sql,
      ZJobReview.parse({
        token,
        rating: job.rating,
        title: job.title,
        content: job.content,
        authorName: job.name,
      }),
    );
    if (review.held) result.held += 1;
    if (job.tag !== 'review-withdrawn') continue;
    const credit = await disputeLead(sql, hired.gateway, plumber.id, hired.distributionId, {
      reason: 'bad_number',
      note: 'The number is not in service.',
    });
    if (credit.status === 'refunded') result.withdrawn += 1;
  }
  return result;
}
