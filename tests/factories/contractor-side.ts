// Factories for the contractor side (issue 13): a lead sent to a contractor, a contractor's
// response with an optional quote (accepted or not), a job the homeowner hired a contractor for,
// and the homeowner's private links, inserted through the real schema. Times are given relative
// to now so tests can place them in or out of a window.
import type { Db } from '../../src/server/platform/db/client.ts';
import {
  createHomeownerLink,
  hashLinkToken,
  type LinkPurpose,
} from '../../src/server/leads/access/homeowner-links.ts';

export type Stage = 'NEW' | 'CONTACTED' | 'IN_PROGRESS' | 'COMPLETED' | 'REJECTED';

/** The lead sent to the business (a paid distribution), optionally answered after some minutes. */
export async function createDistribution(
  sql: Db,
  leadId: string,
  businessId: string,
  options: {
    stage?: Stage;
    sentHoursAgo?: number;
    respondedAfterMinutes?: number | null;
    rank?: number;
  } = {},
): Promise<string> {
  const stage = options.stage ?? 'NEW';
  const sentHoursAgo = options.sentHoursAgo ?? 24;
  const after = options.respondedAfterMinutes ?? null;
  const [row] = await sql<{ id: string }[]>`
    insert into lead_distributions (
      lead_id, business_id, rank, status, created_at, sent_at, responded_at, charged_at, payment_status,
      stage, stage_changed_at, completed_at)
    values (
      ${leadId}, ${businessId}, ${options.rank ?? 1}, ${after === null ? 'sent' : 'responded'},
      now() - make_interval(hours => ${sentHoursAgo}), now() - make_interval(hours => ${sentHoursAgo}),
      ${after === null ? null : sql`now() - make_interval(hours => ${sentHoursAgo}) + make_interval(mins => ${after})`},
      now() - make_interval(hours => ${sentHoursAgo}), 'paid',
      ${stage}, ${stage === 'NEW' ? null : sql`now()`}, ${stage === 'COMPLETED' ? sql`now()` : null})
    returning id`;
  return row!.id;
}

export interface QuoteInput {
  items: { description: string; quantity: number; rateCents: number }[];
  /** Days from today the quote holds (negative: expired). */
  validDays?: number;
  terms?: string;
}

/** A contractor's response on a lead, with a quote whose totals are computed like the server's. */
export async function createResponse(
  sql: Db,
  leadId: string,
  businessId: string,
  options: {
    subject?: string;
    message?: string;
    quote?: QuoteInput;
    minutesAgo?: number;
    /** The homeowner accepted the quote (a lead has at most one accepted quote). */
    accepted?: boolean;
  } = {},
): Promise<string> {
  const quote = options.quote
    ? (() => {
        const items = options.quote.items.map((i) => ({ ...i, amountCents: i.quantity * i.rateCents }));
        const totalCents = items.reduce((sum, i) => sum + i.amountCents, 0);
        const valid = new Date(Date.now() + (options.quote.validDays ?? 30) * 86_400_000)
          .toISOString()
          .slice(0, 10);
        return {
          items,
          totalCents,
          validUntil: valid,
          terms: options.quote.terms ?? '50% deposit, balance on completion',
        };
      })()
    : null;
  const [row] = await sql<{ id: string }[]>`
    insert into lead_communications (
      lead_id, business_id, message_type, sender_name, subject, message_content, quote,
      quote_total_cents, quote_valid_until, created_at, accepted_at)
    select ${leadId}, ${businessId}, 'contractor_response', b.name, ${options.subject ?? 'Your quote'},
           ${options.message ?? 'Thanks for your request. Here is our quote.'}, ${quote ? sql.json(quote) : null},
           ${quote?.totalCents ?? null}, ${quote?.validUntil ?? null},
           now() - make_interval(mins => ${options.minutesAgo ?? 60}),
           ${options.accepted && quote ? sql`now()` : null}
      from businesses b where b.id = ${businessId}
    returning id`;
  return row!.id;
}

/** A job the homeowner hired `businessId` for: its quote accepted, the job COMPLETED (the
 * review rules' first way to a reviewable job), and the job's review link. */
export async function createHiredJob(
  sql: Db,
  leadId: string,
  businessId: string,
  options: { rank?: number } = {},
): Promise<{ distributionId: string; quoteId: string; token: string }> {
  const distributionId = await createDistribution(sql, leadId, businessId, {
    stage: 'COMPLETED',
    respondedAfterMinutes: 20,
    rank: options.rank ?? 1,
  });
  const quoteId = await createResponse(sql, leadId, businessId, {
    quote: { items: [{ description: 'The job', quantity: 1, rateCents: 50_000 }] },
    accepted: true,
  });
  const token = await createLink(sql, { leadId, purpose: 'review', businessId });
  return { distributionId, quoteId, token };
}

/** A homeowner link's raw token; `expired` moves its expiry into the past. */
export async function createLink(
  sql: Db,
  link: { leadId: string; purpose: LinkPurpose; businessId?: string; expired?: boolean },
): Promise<string> {
  const token = await createHomeownerLink(sql, link);
  if (link.expired) {
    await sql`update lead_access_tokens set expires_at = now() - interval '1 minute' where token_hash = ${hashLinkToken(token)}`;
  }
  return token;
}
