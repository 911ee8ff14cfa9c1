// Demo leads for the contractor dashboard: the demo contractor (contractor@example.com) gets six
// requests of its own service in several stages (new, contacted with a response, in progress with
// a quote, completed with the homeowner's acceptance, rejected) and one whose charge failed (no
// contact shown), so `npm start` shows every part of the Leads tab, each paid one counted in the
// analytics' Leads on its day. Deterministic, written once:
// a second run finds them and does nothing.
import { leadScore, LEAD_PRICE_CENTS, type Timeline } from '../../src/domain/quote-rules.ts';
import { quoteInCents } from '../../src/domain/dashboard-rules.ts';
import type { LeadStage } from '../../src/domain/lead-stages.ts';
import type { Sql } from '../../src/server/platform/db/client.ts';

export const DEMO_CONTRACTOR_EMAIL = 'contractor@example.com';

interface DemoLead {
  name: string;
  description: string;
  timeline: Timeline;
  budget: [number, number];
  hoursAgo: number;
  stage: LeadStage;
  paid: boolean;
  response?: { subject: string; message: string; afterMinutes: number };
  quote?: { items: { description: string; quantity: number; rate: number }[]; accepted: boolean };
}

const LEADS: DemoLead[] = [
  {
    name: 'Avery Thompson',
    description:
      'Our basement floods a little after every heavy rain. We would like someone to look at the drainage and tell us what it would take to fix it for good.',
    timeline: 'ASAP',
    budget: [5000, 15000],
    hoursAgo: 3,
    stage: 'NEW',
    paid: true,
  },
  {
    name: 'Morgan Lee',
    description: 'Kitchen sink drains slowly and the garbage disposal hums without turning.',
    timeline: 'EMERGENCY',
    budget: [500, 2000],
    hoursAgo: 20,
    stage: 'CONTACTED',
    paid: true,
    response: {
      subject: 'Thank you for your request',
      message: 'Hello Morgan, I can come by tomorrow morning to look at the sink and the disposal.',
      afterMinutes: 25,
    },
  },
  {
    name: 'Riley Johnson',
    description:
      'We are finishing the attic into a bedroom and need the work done properly with permits; plans are ready and we can share them.',
    timeline: 'FLEXIBLE',
    budget: [20000, 60000],
    hoursAgo: 3 * 24,
    stage: 'IN_PROGRESS',
    paid: true,
    response: {
      subject: 'Your quote is ready',
      message: 'Hello Riley, here is the quote we discussed on site. It is valid for 30 days.',
      afterMinutes: 70,
    },
    quote: {
      items: [
        { description: 'Framing and insulation', quantity: 1, rate: 8400 },
        { description: 'Labour (days)', quantity: 6, rate: 520 },
      ],
      accepted: false,
    },
  },
  {
    name: 'Jamie Carter',
    description: 'Replace a 40 gallon gas water heater that is leaking from the bottom of the tank.',
    timeline: 'ASAP',
    budget: [1000, 5000],
    hoursAgo: 9 * 24,
    stage: 'COMPLETED',
    paid: true,
    response: {
      subject: 'Your quote is ready',
      message: 'Hello Jamie, the quote for the new water heater and its installation is below.',
      afterMinutes: 40,
    },
    quote: {
      items: [
        { description: 'Water heater, 40 gallon gas', quantity: 1, rate: 1150 },
        { description: 'Installation and haul-away', quantity: 1, rate: 450 },
      ],
      accepted: true,
    },
  },
  {
    name: 'Casey Nguyen',
    description: 'Looking for prices on a small bathroom refresh.',
    timeline: 'FLEXIBLE',
    // The wizard's "Not sure" (issue 25): a budget of 0 to 0, shown as "Budget Not sure".
    budget: [0, 0],
    hoursAgo: 12 * 24,
    stage: 'REJECTED',
    paid: true,
  },
  {
    name: 'Drew Patel',
    description: 'Outdoor faucet is cracked after the freeze and leaks into the wall.',
    timeline: 'ASAP',
    budget: [500, 2000],
    hoursAgo: 30,
    stage: 'NEW',
    paid: false,
  },
];

export async function seedDemoDashboard(sql: Sql, ownerEmail = DEMO_CONTRACTOR_EMAIL): Promise<number> {
  const [business] = await sql<
    { id: string; name: string; service_id: string; service: string; slug: string; zip: string }[]
  >`
    select b.id, b.name, s.id as service_id, s.name as service, s.slug, coalesce(b.service_areas[1], b.zip_code) as zip
      from businesses b
      join users u on u.id = b.owner_id
      join business_services bs on bs.business_id = b.id
      join services s on s.id = bs.service_id
     where u.email = ${ownerEmail}
     order by b.created_at, s.slug
     limit 1`;
  if (!business) return 0;
  let made = 0;
  for (const [i, lead] of LEADS.entries()) {
    const email = `demo.dashboard${i + 1}.${business.slug}@example.com`.slice(-254);
    const [exists] = await sql`select 1 from leads where email = ${email}`;
    if (exists) continue;
    await sql.begin(async (tx) => {
      const ago = tx`now() - make_interval(hours => ${lead.hoursAgo})`;
      const [row] = await tx<{ id: string }[]>`
        insert into leads (
          service_id, name, email, phone, project_type, project_description, timeline, budget_min,
          budget_max, property_address, zip_code, city, property_type, preferred_contact_method,
          lead_score, qualification, created_at, updated_at, confirmed_at, phone_verified_at, phone_line_type,
          email_confirmed_at, email_key, email_domain)
        values (
          -- The service's name, as a request made through the wizard stores it (never its slug).
          ${business.service_id}, ${lead.name}, ${email}, ${`93722855${String(10 + i)}`}, ${business.service},
          ${lead.description}, ${lead.timeline}, ${lead.budget[0]}, ${lead.budget[1]},
          ${`${120 + i * 7} Oak Street`}, ${business.zip}, 'Dayton', 'Single Family Home', 'both',
          ${leadScore({ budgetMax: lead.budget[1], timeline: lead.timeline, description: lead.description, photoCount: 0 })},
          'qualified', ${ago}, ${ago}, ${ago},
          -- Proven by a code like every request today; one in three has not confirmed its e-mail.
          ${ago}, ${i % 4 === 3 ? 'landline' : 'mobile'}, ${i % 3 === 2 ? null : ago}, ${email}, 'example.com')
        returning id`;
      const responded = lead.response
        ? tx`now() - make_interval(hours => ${lead.hoursAgo}) + make_interval(mins => ${lead.response.afterMinutes})`
        : null;
      const [d] = await tx<{ id: string }[]>`
        insert into lead_distributions (
          lead_id, business_id, rank, status, created_at, sent_at, responded_at, charged_at,
          payment_status, payment_error_message, stage, stage_changed_at, completed_at)
        values (
          ${row!.id}, ${business.id}, 1, ${lead.paid ? (lead.response ? 'responded' : 'sent') : 'payment_failed'},
          ${ago}, ${lead.paid ? ago : null}, ${responded}, ${lead.paid ? ago : null},
          ${lead.paid ? 'paid' : 'failed'}, ${lead.paid ? null : 'Your card was declined.'}, ${lead.stage},
          ${lead.stage === 'NEW' ? null : tx`now() - make_interval(hours => ${Math.floor(lead.hoursAgo / 2)})`},
          ${lead.stage === 'COMPLETED' ? tx`now() - make_interval(hours => 24)` : null})
        returning id`;
      await tx`
        insert into payment_transactions (business_id, lead_id, distribution_id, idempotency_key,
                                          payment_amount_cents, payment_status, failure_message, description, created_at)
        values (${business.id}, ${row!.id}, ${d!.id}, ${`demo-dashboard-${d!.id}`}, ${LEAD_PRICE_CENTS},
                ${lead.paid ? 'paid' : 'failed'}, ${lead.paid ? null : 'Your card was declined.'},
                ${`Lead: ${business.service} in Dayton`}, ${ago})`;
      // Counted in the analytics' Leads on its day, as the pipeline counts a paid lead (so the
      // Analytics tab's chart and its popular services agree).
      if (lead.paid) {
        await tx`
          insert into analytics (business_id, metric, date, value)
          values (${business.id}, 'LEAD_GENERATED', ((${ago}) at time zone 'utc')::date, 1)
          on conflict (business_id, metric, date) do update set value = analytics.value + 1`;
      }
      if (lead.response) {
        const cents = lead.quote ? quoteInCents(lead.quote.items) : null;
        const validUntil = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
        const quote = cents
          ? { ...cents, validUntil, terms: 'Half on booking, the rest on completion.' }
          : null;
        await tx`
          insert into lead_communications (
            lead_id, business_id, message_type, sender_name, subject, message_content, quote,
            quote_total_cents, quote_valid_until, accepted_at, created_at)
          values (
            ${row!.id}, ${business.id}, 'contractor_response', ${business.name}, ${lead.response.subject},
            ${lead.response.message}, ${quote ? tx.json(quote as unknown as Parameters<typeof tx.json>[0]) : null},
            ${cents?.totalCents ?? null}, ${quote ? validUntil : null},
            ${lead.quote?.accepted ? tx`now() - make_interval(hours => 48)` : null}, ${responded})`;
      }
    });
    made += 1;
  }
  return made;
}
