// Demo rows for the homeowner's private pages: two quote requests sold through the real pipeline
// (like seed-demo-leads.ts), then
//  - "Morgan Lee" (demo.quotes@example.com): the first two contractors answered with a two-item
//    quote each; the homeowner's responses link is mailed (open it at /dev/mail?to=...);
//  - "Casey Nguyen" (demo.review@example.com): the first contractor's quote was accepted and the
//    job COMPLETED; the review link is mailed.
// Deterministic but for the links' random tokens (a known token would be a known secret): the
// same seed gives the same requests, contractors, quotes and times; running it again adds nothing.
import { ZQuoteRequest } from '../../src/schemas/quote.ts';
import { siteUrl } from '../../src/server/platform/config/site.ts';
import type { Sql } from '../../src/server/platform/db/client.ts';
import { createHomeownerLink, homeownerLinkUrl } from '../../src/server/leads/access/homeowner-links.ts';
import { layoutMail } from '../../src/server/platform/mail/layout.tsx';
import { enqueueMail } from '../../src/server/platform/mail/outbox.ts';
import { createSandboxGateway } from '../../src/server/money/gateway/sandbox-gateway.ts';
import { submitProven } from './prove-quote.ts';
import { solvedProof } from './solve-proof.ts';

export const DEMO_QUOTES_EMAIL = 'demo.quotes@example.com';
export const DEMO_REVIEW_EMAIL = 'demo.review@example.com';

interface DemoQuote {
  subject: string;
  message: string;
  items: { description: string; quantity: number; rateCents: number }[];
  validDays: number;
  terms: string;
}

const QUOTES: DemoQuote[] = [
  {
    subject: 'Quote for your water heater replacement',
    message:
      'Thanks for the details. We can replace the tank with a 50-gallon gas unit this week, haul the old one away and pull the permit.',
    items: [
      { description: '50-gallon gas water heater, installed', quantity: 1, rateCents: 145_000 },
      { description: 'Permit and haul-away', quantity: 1, rateCents: 17_500 },
    ],
    validDays: 30,
    terms: 'Six-year tank warranty, one year on labor. Payment on completion.',
  },
  {
    subject: 'Your water heater quote',
    message: 'We looked at your photos. A direct replacement is straightforward; we can start Monday.',
    items: [
      { description: 'Water heater (50 gal), supply and fit', quantity: 1, rateCents: 132_500 },
      { description: 'Labor, hours', quantity: 3, rateCents: 9_500 },
    ],
    validDays: 14,
    terms: '25% deposit to book, balance on completion.',
  },
];

const REQUESTS = [
  {
    requestKey: '0b8f6a52-5d7e-4c52-9a77-3f1f5d1e0a01',
    name: 'Morgan Lee',
    email: DEMO_QUOTES_EMAIL,
    phone: '937-228-5101',
    hoursAgo: 30,
  },
  {
    requestKey: '0b8f6a52-5d7e-4c52-9a77-3f1f5d1e0a02',
    name: 'Casey Nguyen',
    email: DEMO_REVIEW_EMAIL,
    phone: '937-228-5102',
    hoursAgo: 9 * 24,
  },
] as const;

function quoteJson(q: DemoQuote, createdAt: Date) {
  const items = q.items.map((i) => ({ ...i, amountCents: i.quantity * i.rateCents }));
  const validUntil = new Date(createdAt.getTime() + q.validDays * 86_400_000).toISOString().slice(0, 10);
  return { items, totalCents: items.reduce((s, i) => s + i.amountCents, 0), validUntil, terms: q.terms };
}

/** Sells one demo request (once) and moves it `hoursAgo` into the past; its paid contractors, by rank. */
async function soldRequest(
  sql: Sql,
  r: (typeof REQUESTS)[number],
): Promise<{
  leadId: string;
  businesses: { id: string; name: string; email: string | null }[];
  createdAt: Date;
} | null> {
  const input = ZQuoteRequest.parse({
    requestKey: r.requestKey,
    altcha: await solvedProof(),
    service: 'plumbing',
    description: 'Our water heater is leaking from the bottom of the tank and needs replacing.',
    timeline: 'ASAP',
    budgetMin: 1000,
    budgetMax: 5000,
    propertyType: 'Single Family Home',
    // Each demo request at its own house: one address asking twice for a plumber is a duplicate.
    address: `${r.phone.slice(-3)} Salem Avenue`,
    zipCode: '45406',
    name: r.name,
    email: r.email,
    phone: r.phone,
    contactMethod: 'email',
  });
  // The homeowner proves the phone by its code, as the wizard asks.
  const { leadId } = await submitProven(sql, input, {
    gateway: createSandboxGateway(sql),
    ip: null,
    verifiedEmail: input.email,
  });
  const shift = sql`make_interval(hours => ${r.hoursAgo})`;
  const [moved] = await sql`
    update leads set created_at = now() - ${shift}, confirmed_at = now() - ${shift}, phone_verified_at = now() - ${shift}
     where id = ${leadId} and created_at > now() - interval '1 hour' returning id`;
  if (!moved) return null; // seeded before
  await sql`
    update lead_distributions set created_at = created_at - ${shift}, sent_at = sent_at - ${shift},
           charged_at = charged_at - ${shift}
     where lead_id = ${leadId}`;
  await sql`update payment_transactions set created_at = created_at - ${shift} where lead_id = ${leadId}`;
  await sql`delete from mail_outbox where payload->>'leadId' = ${leadId}`;
  const businesses = await sql<{ id: string; name: string; email: string | null }[]>`
    select b.id, b.name, b.email from lead_distributions d join businesses b on b.id = d.business_id
     where d.lead_id = ${leadId} and d.payment_status = 'paid' order by d.rank`;
  const [lead] = await sql<{ created_at: Date }[]>`select created_at from leads where id = ${leadId}`;
  return { leadId, businesses: [...businesses], createdAt: lead!.created_at };
}

/** A contractor's response `afterMinutes` after the lead was sent, with a quote; returns its id. */
async function respond(
  sql: Sql,
  leadId: string,
  business: { id: string; name: string },
  q: DemoQuote,
  afterMinutes: number,
  createdAt: Date,
): Promise<string> {
  const quote = quoteJson(q, createdAt);
  const [row] = await sql<{ id: string }[]>`
    insert into lead_communications (lead_id, business_id, message_type, sender_name, subject, message_content,
                                     quote, quote_total_cents, quote_valid_until, created_at)
    values (${leadId}, ${business.id}, 'contractor_response', ${business.name}, ${q.subject}, ${q.message},
            ${sql.json(quote)}, ${quote.totalCents}, ${quote.validUntil},
            ${createdAt}::timestamptz + make_interval(mins => ${afterMinutes}))
    returning id`;
  await sql`
    update lead_distributions set status = 'responded', stage = 'CONTACTED',
           responded_at = ${createdAt}::timestamptz + make_interval(mins => ${afterMinutes}),
           stage_changed_at = ${createdAt}::timestamptz + make_interval(mins => ${afterMinutes})
     where lead_id = ${leadId} and business_id = ${business.id}`;
  return row!.id;
}

export interface DemoHomeownerResult {
  responses: number;
  reviewLinks: number;
}

export async function seedDemoHomeowner(sql: Sql): Promise<DemoHomeownerResult> {
  const result: DemoHomeownerResult = { responses: 0, reviewLinks: 0 };
  const site = siteUrl();

  const quotes = await soldRequest(sql, REQUESTS[0]);
  if (quotes) {
    const answering = quotes.businesses.slice(0, 2);
    for (const [i, business] of answering.entries()) {
      await respond(sql, quotes.leadId, business, QUOTES[i]!, 95 + i * 150, quotes.createdAt);
      result.responses += 1;
    }
    const token = await createHomeownerLink(sql, { leadId: quotes.leadId, purpose: 'responses' });
    await enqueueMail(
      sql,
      layoutMail({
        to: DEMO_QUOTES_EMAIL,
        subject: 'Your quotes from local contractors',
        heading: 'Your quotes are in',
        paragraphs: [
          `Hi ${REQUESTS[0].name},`,
          `${answering.map((b) => b.name).join(' and ')} responded to your plumbing request. Compare their quotes and accept one.`,
        ],
        action: { label: 'See your quotes', url: homeownerLinkUrl(site, 'responses', token) },
        note: ['(Demo data: this mail was written by the demo seed.)'],
        reason: 'you asked for quotes on Dayton Contractors',
        template: 'demo_homeowner_responses',
        payload: { leadId: quotes.leadId },
      }),
    );
  }

  const job = await soldRequest(sql, REQUESTS[1]);
  const done = job?.businesses[0];
  if (job && done) {
    const id = await respond(sql, job.leadId, done, QUOTES[0]!, 40, job.createdAt);
    result.responses += 1;
    await sql`update lead_communications set accepted_at = ${job.createdAt}::timestamptz + interval '1 day' where id = ${id}`;
    await sql`
      update lead_distributions set stage = 'COMPLETED', stage_changed_at = now() - interval '3 days',
             completed_at = now() - interval '3 days'
       where lead_id = ${job.leadId} and business_id = ${done.id}`;
    const token = await createHomeownerLink(sql, {
      leadId: job.leadId,
      purpose: 'review',
      businessId: done.id,
    });
    await enqueueMail(
      sql,
      layoutMail({
        to: DEMO_REVIEW_EMAIL,
        subject: `How did ${done.name} do?`,
        heading: `How did ${done.name} do?`,
        paragraphs: [
          `Hi ${REQUESTS[1].name},`,
          `${done.name} marked your plumbing job completed. Review it (your review is marked verified).`,
        ],
        action: { label: 'Write your review', url: homeownerLinkUrl(site, 'review', token) },
        note: ['(Demo data: this mail was written by the demo seed.)'],
        reason: 'you hired a contractor through Dayton Contractors',
        template: 'demo_homeowner_review',
        payload: { leadId: job.leadId },
      }),
    );
    result.reviewLinks += 1;
  }
  return result;
}
