// The submit-quote use-case (issue 6): store the lead, qualify it, match contractors, and sell it
// to the best three that can pay, LEAD_PRICE_CENTS each, through the PaymentGateway port.
//
// Every step can be run again: the lead is keyed by the client's request key, a distribution by
// (lead, business), a charge by an idempotency key derived from the distribution, and mails go out
// only on the transition that changes a row. So a retry (a double submit, a network retry, or a
// run after a crash between a charge and its record) finishes the work of the first run and never
// makes a second lead or a second charge.
import { withinServiceArea } from '../../domain/geo.ts';
import { formatMoney } from '../../domain/money.ts';
import {
  DEFAULT_CONTRACTORS_PER_LEAD,
  LEAD_PRICE_CENTS,
  leadScore,
  phoneDigits,
  QUOTE_PROMISED_HOURS,
  QUOTE_RATE_LIMIT,
  TIMELINES,
} from '../../domain/quote-rules.ts';
import type { TQuoteRequest } from '../../schemas/quote.ts';
import { checkRateLimit } from '../auth/rate-limit.ts';
import { siteUrl } from '../config.ts';
import type { Sql, TransactionSql } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { PaymentGateway } from '../payments/gateway.ts';
import { searchCatalog } from '../search/search-catalog.ts';

/** A contractor serves a lead whose ZIP is in its list, or that is this close to the business. */
export const SERVE_RADIUS_MILES = 25;
export const DUPLICATE_DAYS = 7;

export interface SubmitResult {
  leadId: string;
  contractorsContacted: number;
  paymentsSuccessful: number;
}

export interface SubmitOptions {
  gateway: PaymentGateway;
  userId?: string | null;
  /** The client's address: new requests from one address are limited too. */
  ip?: string | null;
  contractorsPerLead?: number;
  /** Tests: called after each gateway call, before its result is recorded (a crash point). */
  afterCharge?: (distributionId: string) => void | Promise<void>;
}

interface LeadRow {
  id: string;
  service_id: string;
  email: string;
  name: string;
  phone: string;
  zip_code: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  qualification: string;
  project_type: string;
  project_description: string;
  timeline: string;
  budget_min: number;
  budget_max: number;
  property_address: string;
  preferred_contact_method: string;
}

export async function submitQuote(
  sql: Sql,
  input: TQuoteRequest,
  options: SubmitOptions,
): Promise<SubmitResult> {
  const [service] = await sql<
    { id: string; name: string }[]
  >`select id, name from services where slug = ${input.service}`;
  if (!service)
    throw new AppError('BAD_REQUEST', 'Please select a service', { service: ['Please select a service'] });

  const { places } = await searchCatalog(sql);
  const place = places.find((p) => p.zipCodes.includes(input.zipCode)) ?? null;

  const leadId = await sql
    .begin(async (tx) => {
      const [existing] = await tx<
        { id: string }[]
      >`select id from leads where request_key = ${input.requestKey}`;
      if (existing) return existing.id;
      await limitQuotes(tx, input.email, options.ip ?? null);
      // A duplicate (same e-mail and service within 7 days) is decided here, while the e-mail's
      // rate-limit row is locked: two tabs submitting at once cannot both pass as new.
      const [duplicate] = await tx`
        select 1 from leads where email = ${input.email} and service_id = ${service.id}
          and created_at > now() - make_interval(days => ${DUPLICATE_DAYS}) limit 1`;
      const [inserted] = await tx<{ id: string }[]>`
      insert into leads (service_id, user_id, request_key, name, email, phone, project_type, project_description,
        timeline, budget_min, budget_max, property_address, zip_code, city, latitude, longitude, property_type,
        preferred_contact_method, photos, lead_score, source, status, qualification)
      values (${service.id}, ${options.userId ?? null}, ${input.requestKey}, ${input.name}, ${input.email},
        ${phoneDigits(input.phone)}, ${service.name}, ${input.description}, ${input.timeline}, ${input.budgetMin},
        ${input.budgetMax}, ${input.address}, ${input.zipCode}, ${place?.name ?? null},
        ${place?.latitude ?? null}, ${place?.longitude ?? null}, ${input.propertyType}, ${input.contactMethod},
        ${input.photos}, ${leadScore({
          budgetMax: input.budgetMax,
          timeline: input.timeline,
          description: input.description,
          photoCount: input.photos.length,
        })}, 'WEBSITE', 'NEW', ${duplicate ? 'duplicate' : 'pending'})
      on conflict (request_key) do nothing
      returning id`;
      // Another request with the same key won: undo this one's rate-limit count, use that lead.
      if (!inserted) throw new SameKey();
      return inserted.id;
    })
    .catch(async (error: unknown) => {
      if (!(error instanceof SameKey)) throw error;
      const [row] = await sql<{ id: string }[]>`select id from leads where request_key = ${input.requestKey}`;
      return row!.id;
    });

  return processLead(sql, leadId, options);
}

class SameKey extends Error {}

/** New requests from one client address per hour (several households can share one). */
export const QUOTES_PER_IP_PER_HOUR = 10;

/**
 * Spec: 3 requests per 60 minutes per e-mail; if the limiter itself fails, allow and log. Also
 * 10 per hour per client address, so made-up e-mail addresses cannot sell fake leads in bulk.
 */
async function limitQuotes(tx: TransactionSql, email: string, ip: string | null): Promise<void> {
  let result: Awaited<ReturnType<typeof checkRateLimit>>;
  try {
    result = await tx.savepoint(async (sp) => {
      const limiter = sp as unknown as Sql;
      const perEmail = await checkRateLimit(
        limiter,
        email,
        'quote',
        QUOTE_RATE_LIMIT.attempts,
        QUOTE_RATE_LIMIT.windowMinutes,
      );
      if (!perEmail.allowed || !ip) return perEmail;
      return checkRateLimit(limiter, ip, 'quote:ip', QUOTES_PER_IP_PER_HOUR, 60);
    });
  } catch (error) {
    console.error('quote rate limit check failed; request allowed', error);
    return;
  }
  if (!result.allowed) {
    const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
    throw new AppError(
      'RATE_LIMITED',
      `Too many requests. Please try again in ${minutes} minute(s).`,
      undefined,
      {
        retryAfterSeconds: result.retryAfterSeconds,
      },
    );
  }
}

/** Qualify, match, distribute and charge; safe to run again for the same lead. */
export async function processLead(sql: Sql, leadId: string, options: SubmitOptions): Promise<SubmitResult> {
  const [lead] = await sql<LeadRow[]>`
    select id, service_id, email, name, phone, zip_code, city, latitude, longitude, qualification, project_type,
           project_description, timeline, budget_min, budget_max, property_address, preferred_contact_method
    from leads where id = ${leadId}`;
  if (!lead) throw new AppError('NOT_FOUND', 'Lead not found');

  if (lead.qualification === 'pending') {
    const reason = disqualification(lead);
    if (reason) {
      await finish(sql, lead, reason, []);
      return { leadId, contractorsContacted: 0, paymentsSuccessful: 0 };
    }
  } else if (lead.qualification !== 'qualified' && lead.qualification !== 'unmatched') {
    return { leadId, contractorsContacted: 0, paymentsSuccessful: 0 };
  }

  // A charge an earlier run made but did not record is settled first, whatever the ranking now.
  await settlePending(sql, lead, options);
  const wanted = Math.min(5, Math.max(1, options.contractorsPerLead ?? DEFAULT_CONTRACTORS_PER_LEAD));
  const candidates = await matchContractors(sql, lead);
  for (const candidate of candidates) {
    const paid = await paidCount(sql, leadId);
    if (paid >= wanted) break;
    await distributeTo(sql, lead, candidate, candidates.indexOf(candidate) + 1, options);
  }

  const distributions = await sql<{ name: string; paid: boolean }[]>`
    select b.name, d.payment_status = 'paid' as paid
    from lead_distributions d join businesses b on b.id = d.business_id
    where d.lead_id = ${leadId} order by d.rank`;
  const paidNames = distributions.filter((d) => d.paid).map((d) => d.name);
  await finish(sql, lead, paidNames.length ? 'qualified' : 'unmatched', paidNames);
  return { leadId, contractorsContacted: distributions.length, paymentsSuccessful: paidNames.length };
}

/** Not sold: outside our area (duplicates are marked when the lead is stored). */
function disqualification(lead: LeadRow): 'out_of_area' | null {
  if (lead.city !== null) return null;
  const inside =
    lead.latitude !== null &&
    lead.longitude !== null &&
    withinServiceArea({ latitude: lead.latitude, longitude: lead.longitude });
  return inside ? null : 'out_of_area';
}

export interface Candidate {
  id: string;
  name: string;
  email: string | null;
  customerId: string;
  paymentMethodId: string;
  featured: boolean;
  score: number;
}

/**
 * ACTIVE, verified contractors offering the service (a BusinessService row or the service as their
 * category), serving the lead's ZIP (their list) or within 25 miles, with a card on file. Featured
 * first, then the score: rating x 20 (0-100), plus 2 per hour of response under 24 (missing counts
 * as 24), minus 1 per mile away; ties by id, so every run ranks the same.
 */
export async function matchContractors(
  sql: Sql,
  lead: Pick<LeadRow, 'service_id' | 'zip_code' | 'latitude' | 'longitude'>,
): Promise<Candidate[]> {
  const hasPoint = lead.latitude !== null && lead.longitude !== null;
  const distance = hasPoint
    ? sql`great_circle_miles(${lead.latitude}::float8, ${lead.longitude}::float8, b.latitude, b.longitude)`
    : sql`null::float8`;
  return sql<Candidate[]>`
    select id, name, email, "customerId", "paymentMethodId", featured, score from (
      select b.id, b.name, b.email, b.stripe_customer_id as "customerId",
             pm.gateway_payment_method_id as "paymentMethodId", b.featured,
             coalesce(b.average_rating, 0)::float8 * 20
               + (24 - least(coalesce(b.response_time_hours, 24), 24)) * 2
               - coalesce(${distance}, ${SERVE_RADIUS_MILES}) as score,
             ${distance} as miles, b.service_areas
      from businesses b
      join services s on s.id = ${lead.service_id}
      join payment_methods pm on pm.business_id = b.id and pm.is_default and pm.status = 'active'
      where b.status = 'ACTIVE' and b.verified and b.stripe_customer_id is not null
        and (b.category = s.name or exists (
          select 1 from business_services bs where bs.business_id = b.id and bs.service_id = s.id))
    ) m
    where ${lead.zip_code ?? ''} = any(m.service_areas) or m.miles <= ${SERVE_RADIUS_MILES}
    order by featured desc, score desc, id`;
}

async function settlePending(sql: Sql, lead: LeadRow, options: SubmitOptions): Promise<void> {
  const pending = await sql<(Candidate & { rank: number })[]>`
    select b.id, b.name, b.email, b.stripe_customer_id as "customerId",
           pm.gateway_payment_method_id as "paymentMethodId", b.featured, 0::float8 as score, d.rank
    from lead_distributions d
    join businesses b on b.id = d.business_id
    left join payment_methods pm on pm.business_id = b.id and pm.is_default and pm.status = 'active'
    where d.lead_id = ${lead.id} and d.payment_status = 'pending'
    order by d.rank`;
  for (const candidate of pending) {
    if (candidate.customerId && candidate.paymentMethodId) {
      await distributeTo(sql, lead, candidate, candidate.rank, options);
    } else {
      await sql`
        update lead_distributions set payment_status = 'failed', status = 'payment_failed',
          payment_error_message = 'No payment method on file'
        where lead_id = ${lead.id} and business_id = ${candidate.id} and payment_status = 'pending'`;
    }
  }
}

/** Minutes a lead may stay unfinished before the sweeper takes it up (a run may be in flight). */
export const RESUME_AFTER_MINUTES = 2;

/**
 * Finishes leads whose run stopped part-way (a crash, a timeout, a gateway outage): still
 * pending qualification, or with a charge not yet recorded. Run on a schedule; each lead is
 * processed as a retry would, so nothing is charged twice.
 */
export async function resumeUnfinishedLeads(
  sql: Sql,
  options: SubmitOptions,
  limit = 50,
): Promise<SubmitResult[]> {
  const leads = await sql<{ id: string }[]>`
    select l.id from leads l
    where l.created_at < now() - make_interval(mins => ${RESUME_AFTER_MINUTES})
      and (l.qualification = 'pending'
           or exists (select 1 from lead_distributions d where d.lead_id = l.id and d.payment_status = 'pending'))
    order by l.created_at limit ${limit}`;
  const results: SubmitResult[] = [];
  for (const { id } of leads) {
    try {
      results.push(await processLead(sql, id, options));
    } catch (error) {
      console.error(`lead ${id} could not be finished; the next sweep tries again`, error);
    }
  }
  return results;
}

async function paidCount(sql: Sql, leadId: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from lead_distributions where lead_id = ${leadId} and payment_status = 'paid'`;
  return row?.n ?? 0;
}

async function distributeTo(
  sql: Sql,
  lead: LeadRow,
  candidate: Candidate,
  rank: number,
  options: SubmitOptions,
): Promise<void> {
  await sql`
    insert into lead_distributions (lead_id, business_id, rank, payment_amount_cents)
    values (${lead.id}, ${candidate.id}, ${rank}, ${LEAD_PRICE_CENTS})
    on conflict (lead_id, business_id) do nothing`;
  const [distribution] = await sql<{ id: string; payment_status: string }[]>`
    select id, payment_status from lead_distributions where lead_id = ${lead.id} and business_id = ${candidate.id}`;
  if (!distribution || distribution.payment_status !== 'pending') return;

  const idempotencyKey = `lead-distribution-${distribution.id}`;
  const result = await options.gateway.charge({
    customerId: candidate.customerId,
    paymentMethodId: candidate.paymentMethodId,
    amountCents: LEAD_PRICE_CENTS,
    idempotencyKey,
    description: `Lead: ${lead.project_type} in ${lead.city ?? lead.zip_code ?? 'the Dayton area'}`,
    metadata: { leadId: lead.id, distributionId: distribution.id },
  });
  await options.afterCharge?.(distribution.id);

  await sql.begin(async (tx) => {
    const paid = result.status === 'succeeded';
    const failure = paid ? null : result.message;
    await tx`
      insert into payment_transactions (business_id, lead_id, distribution_id, idempotency_key, payment_amount_cents,
        payment_status, stripe_payment_intent_id, failure_message, description)
      values (${candidate.id}, ${lead.id}, ${distribution.id}, ${idempotencyKey}, ${LEAD_PRICE_CENTS},
        ${paid ? 'paid' : 'failed'}, ${result.paymentIntentId}, ${failure}, ${'Lead charge'})
      on conflict (idempotency_key) do nothing`;
    // Only the run that moves the distribution out of 'pending' sends its mail.
    const [changed] = await tx`
      update lead_distributions set
        payment_status = ${paid ? 'paid' : 'failed'},
        status = ${paid ? 'sent' : 'payment_failed'},
        charged_at = ${paid ? tx`now()` : null},
        sent_at = ${paid ? tx`now()` : null},
        stripe_payment_intent_id = ${result.paymentIntentId},
        payment_error_message = ${failure}
      where id = ${distribution.id} and payment_status = 'pending'
      returning id`;
    if (!changed || !candidate.email) return;
    if (paid) {
      await enqueueMail(tx, leadMail(candidate, lead));
      await tx`insert into analytics (business_id, metric, value) values (${candidate.id}, 'LEAD_GENERATED', 1)`;
    } else {
      await enqueueMail(tx, declinedMail(candidate, lead, failure ?? 'The payment was declined.'));
    }
  });
}

const timelineLabel = (value: string) => TIMELINES.find((t) => t.value === value)?.label ?? value;
/** Budgets are whole dollars. */
const dollars = (n: number) => formatMoney(n * 100, { wholeDollars: true });
const LEAD_PRICE = formatMoney(LEAD_PRICE_CENTS);

function leadMail(candidate: Candidate, lead: LeadRow) {
  return {
    to: candidate.email!,
    subject: `New lead: ${lead.project_type} in ${lead.city ?? lead.zip_code}`,
    template: 'lead_new',
    payload: { leadId: lead.id },
    text: [
      `${candidate.name}, you have a new lead (${LEAD_PRICE} charged to your card on file).`,
      '',
      `Service: ${lead.project_type}`,
      `Timeline: ${timelineLabel(lead.timeline)}`,
      `Budget: ${dollars(lead.budget_min)} - ${dollars(lead.budget_max)}`,
      `Address: ${lead.property_address} ${lead.zip_code ?? ''}`.trim(),
      '',
      lead.project_description,
      '',
      `Homeowner: ${lead.name}`,
      `E-mail: ${lead.email}`,
      `Phone: ${lead.phone}`,
      `Prefers: ${lead.preferred_contact_method}`,
      '',
      `The homeowner was promised a quote within ${QUOTE_PROMISED_HOURS} hours. Reply from your dashboard: ${siteUrl()}/dashboard`,
    ].join('\n'),
  };
}

/** A declined contractor learns of the lead but not who the homeowner is. */
function declinedMail(candidate: Candidate, lead: LeadRow, reason: string) {
  return {
    to: candidate.email!,
    subject: 'A lead could not be sent to you: payment declined',
    template: 'lead_payment_failed',
    payload: { leadId: lead.id },
    text: [
      `${candidate.name}, a ${lead.project_type} lead in ${lead.city ?? lead.zip_code} matched your business, but the`,
      `${LEAD_PRICE} charge to your card on file failed: ${reason}`,
      '',
      `Update your payment method to receive the next one: ${siteUrl()}/contractor/billing`,
    ].join('\n'),
  };
}

/** Records the outcome once; the homeowner's confirmation goes out on that transition only. */
async function finish(sql: Sql, lead: LeadRow, qualification: string, contractors: string[]): Promise<void> {
  await sql.begin(async (tx) => {
    const [changed] = await tx`
      update leads set qualification = ${qualification}
      where id = ${lead.id} and qualification in ('pending', 'unmatched') and qualification <> ${qualification}
      returning id`;
    // Duplicates and leads from outside the area are kept for admins; the homeowner's first
    // request already has its confirmation.
    if (
      !changed ||
      lead.qualification !== 'pending' ||
      (qualification !== 'qualified' && qualification !== 'unmatched')
    ) {
      return;
    }
    await enqueueMail(tx, {
      to: lead.email,
      subject: 'We received your quote request',
      template: 'quote_confirmation',
      payload: { leadId: lead.id },
      text: [
        `Hi ${lead.name},`,
        '',
        `Thank you for your ${lead.project_type} request.`,
        contractors.length
          ? `We sent it to ${contractors.length} verified local contractor${contractors.length === 1 ? '' : 's'}: ${contractors.join(', ')}. Expect a quote within ${QUOTE_PROMISED_HOURS} hours.`
          : `We are finding the right contractor for it and will be in touch within ${QUOTE_PROMISED_HOURS} hours.`,
        '',
        'Dayton Contractors',
      ].join('\n'),
    });
  });
}
