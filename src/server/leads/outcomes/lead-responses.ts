// What the homeowner's private responses page shows (/quote-request/responses?token=): their
// request in short and every contractor response on it, quotes with their line items, in the
// order they arrived. Only the token's lead is ever read.
import type { Db, Sql } from '../../platform/db/client.ts';
import { resolveHomeownerLink } from '../access/homeowner-links.ts';
import { recordResponsesView } from './record-responses-view.ts';

interface QuoteItem {
  description: string;
  quantity: number;
  rateCents: number;
  amountCents: number;
}

interface ResponseQuote {
  items: QuoteItem[];
  totalCents: number;
  /** YYYY-MM-DD, the last day the quote holds. */
  validUntil: string | null;
  terms: string | null;
  expired: boolean;
}

interface LeadResponse {
  id: string;
  businessId: string;
  businessName: string;
  /** Only for a listed (ACTIVE) business: its public profile exists. */
  businessSlug: string | null;
  subject: string;
  message: string;
  sentAt: Date;
  quote: ResponseQuote | null;
  acceptedAt: Date | null;
}

interface LeadSummary {
  id: string;
  name: string;
  projectType: string;
  description: string;
  timeline: string;
  budgetMin: number;
  budgetMax: number;
  city: string | null;
  zipCode: string | null;
  createdAt: Date;
}

/** One responding contractor's job on the request, for "The job is done". */
interface ResponderJob {
  businessId: string;
  businessName: string;
  /** When the homeowner said the job is done, if they did. */
  jobDoneAt: Date | null;
  reviewed: boolean;
  /** The contractor's charge for the lead was refunded: no review of this job. */
  refunded: boolean;
}

export interface LeadResponses {
  lead: LeadSummary;
  responses: LeadResponse[];
  /** The communication whose quote was accepted, if any. */
  acceptedId: string | null;
  /** Each responding contractor once, in the order of their first response. */
  jobs: ResponderJob[];
}

interface Row {
  id: string;
  business_id: string;
  business_name: string;
  business_slug: string;
  business_status: string;
  subject: string;
  message_content: string;
  created_at: Date;
  quote: {
    items?: Record<string, unknown>[];
    totalCents?: number;
    validUntil?: string | null;
    terms?: string | null;
  } | null;
  quote_total_cents: number | null;
  quote_valid_until: string | null;
  expired: boolean;
  accepted_at: Date | null;
}

/** A stored quote as the page shows it; the columns are the truth for its total and validity. */
function quoteOf(row: Row): ResponseQuote | null {
  if (!row.quote || row.quote_total_cents === null) return null;
  const items = Array.isArray(row.quote.items) ? row.quote.items : [];
  return {
    items: items.map((i) => ({
      description: typeof i['description'] === 'string' ? i['description'] : '',
      quantity: Number(i['quantity'] ?? 0),
      rateCents: Number(i['rateCents'] ?? 0),
      amountCents: Number(i['amountCents'] ?? 0),
    })),
    totalCents: row.quote_total_cents,
    validUntil: row.quote_valid_until,
    terms: row.quote.terms ?? null,
    expired: row.expired,
  };
}

export async function leadResponsesOf(sql: Db, leadId: string): Promise<LeadResponses | null> {
  const [lead] = await sql<LeadSummary[]>`
    select id, name, project_type as "projectType", project_description as description, timeline,
           budget_min as "budgetMin", budget_max as "budgetMax", city, zip_code as "zipCode",
           created_at as "createdAt"
      from leads where id = ${leadId}`;
  if (!lead) return null;
  const rows = await sql<Row[]>`
    select c.id, c.business_id, b.name as business_name, b.slug as business_slug, b.status as business_status,
           c.subject, c.message_content, c.created_at, c.quote, c.quote_total_cents,
           to_char(c.quote_valid_until, 'YYYY-MM-DD') as quote_valid_until,
           coalesce(c.quote_valid_until < current_date, false) as expired, c.accepted_at
      from lead_communications c join businesses b on b.id = c.business_id
     where c.lead_id = ${leadId} and c.message_type = 'contractor_response'
     order by c.created_at, c.id`;
  const responses = rows.map((r) => ({
    id: r.id,
    businessId: r.business_id,
    businessName: r.business_name,
    businessSlug: r.business_status === 'ACTIVE' ? r.business_slug : null,
    subject: r.subject,
    message: r.message_content,
    sentAt: r.created_at,
    quote: quoteOf(r),
    acceptedAt: r.accepted_at,
  }));
  const jobs = await sql<ResponderJob[]>`
    select c.business_id as "businessId", b.name as "businessName", d.job_done_at as "jobDoneAt",
           exists (select 1 from reviews r where r.lead_id = c.lead_id and r.business_id = c.business_id) as reviewed,
           coalesce(d.payment_status = 'refunded', false) as refunded
      from (select lead_id, business_id, min(created_at) as first_at from lead_communications
             where lead_id = ${leadId} and message_type = 'contractor_response'
             group by lead_id, business_id) c
      join businesses b on b.id = c.business_id
      left join lead_distributions d on d.lead_id = c.lead_id and d.business_id = c.business_id
     order by c.first_at, c.business_id`;
  return { lead, responses, acceptedId: responses.find((r) => r.acceptedAt)?.id ?? null, jobs: [...jobs] };
}

/** The page's data for a link, or null for an unknown, expired or malformed token. `view`: the
 * homeowner is shown the page now (its first view is recorded). */
export async function leadResponsesForToken(
  sql: Sql,
  token: string,
  options: { view?: boolean } = {},
): Promise<LeadResponses | null> {
  const link = await resolveHomeownerLink(sql, token, 'responses');
  if (link && options.view) await recordResponsesView(sql, link.leadId);
  return link ? leadResponsesOf(sql, link.leadId) : null;
}
