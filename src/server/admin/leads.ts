// The admin leads page's reads: every lead, newest first in keyset pages of (created_at, id),
// filtered by qualification and by a part of the homeowner's e-mail or name, the service, the
// city or the ZIP code (or a lead's id); and one lead with why it was qualified or not, its score
// rule by rule and every distribution with its charge and credit. bench/admin.ts measures
// listLeads at 1,000,000 leads; the indexes are 20261123002500_admin_leads.sql's.
import {
  ADMIN_LEAD_MESSAGES,
  ADMIN_LEADS_PAGE_SIZE,
  LEAD_QUALIFICATIONS,
  qualificationLabel,
  qualificationReason,
  RESENDABLE,
} from '../../domain/admin-lead-rules.ts';
import { leadScore, leadScoreBreakdown, type Timeline } from '../../domain/quote-rules.ts';
import type {
  AdminLeadDetail,
  AdminLeadDistribution,
  AdminLeadPage,
  AdminLeadRow,
  TAdminLeadQuery,
} from '../../schemas/admin-leads.ts';
import type { Db, Sql } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import { cursorCodec, keysetPage } from '../platform/cursor.ts';
import { containsPattern } from './users.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The list's keyset: (created_at as PostgreSQL prints it, id). */
export const adminLeadCursor = cursorCodec('admin-leads', ['time', 'uuid']);

interface ListRow {
  id: string;
  created_at: Date;
  at: string;
  name: string;
  email: string;
  project_type: string;
  city: string | null;
  zip_code: string | null;
  lead_score: number;
  qualification: string;
  distributions: number;
  paid: number;
}

/** The list's statement, not run (bench/admin.ts prints its plan); listLeads runs it. */
export function leadsListQuery(sql: Sql, query: TAdminLeadQuery, limit: number) {
  const [at, id] = query.cursor ? adminLeadCursor.read(query.cursor) : [];
  const after = at && id ? { at, id } : null;
  const q = query.q?.trim().toLowerCase() ?? '';
  const byId = UUID.test(q);
  // The qualification is written into the statement as a constant (one of seven names, taken from
  // the list itself, never from the request): PostgreSQL then plans each with its own frequency
  // (1% outside the area, 93% qualified) instead of one generic plan for a parameter.
  const qualification = LEAD_QUALIFICATIONS.find((value) => value === query.qualification);
  // The page's ids first, from the indexes alone where they can (the keyset, the qualification's
  // index with the searched text in it, the trigram index); then those rows and their counts.
  return sql<ListRow[]>`
    select l.id, l.created_at, l.created_at::text as at, l.name, l.email, l.project_type, l.city, l.zip_code,
           l.lead_score, l.qualification, c.distributions, c.paid
      from (
        select p.id from leads p
         where true
           ${qualification ? sql`and p.qualification = ${sql.unsafe(`'${qualification}'`)}` : sql``}
           ${byId ? sql`and p.id = ${q}::uuid` : q ? sql`and p.admin_search like ${containsPattern(q)}` : sql``}
           ${after ? sql`and (p.created_at, p.id) < (${after.at}::text::timestamptz, ${after.id}::uuid)` : sql``}
         order by p.created_at desc, p.id desc
         limit ${limit + 1}) page
      join leads l on l.id = page.id
      cross join lateral (
        select count(*)::int as distributions, (count(*) filter (where d.payment_status = 'paid'))::int as paid
          from lead_distributions d where d.lead_id = l.id) c
     order by l.created_at desc, l.id desc`;
}

export async function listLeads(
  sql: Sql,
  query: TAdminLeadQuery,
  limit = ADMIN_LEADS_PAGE_SIZE,
): Promise<AdminLeadPage> {
  const rows = await leadsListQuery(sql, query, limit);
  const { page, nextCursor } = keysetPage(rows, limit, adminLeadCursor, (r) => [r.at, r.id]);
  return {
    leads: page.map((r): AdminLeadRow => ({
      id: r.id,
      createdAt: r.created_at.toISOString(),
      name: r.name,
      email: r.email,
      service: r.project_type,
      city: r.city,
      zipCode: r.zip_code,
      score: r.lead_score,
      qualification: r.qualification,
      distributions: r.distributions,
      paid: r.paid,
    })),
    nextCursor,
  };
}

interface DetailRow {
  id: string;
  created_at: Date;
  confirmed_at: Date | null;
  name: string;
  email: string;
  phone: string;
  project_type: string;
  project_description: string;
  timeline: Timeline;
  budget_min: number;
  budget_max: number;
  property_type: string;
  property_address: string;
  city: string | null;
  zip_code: string | null;
  photo_count: number;
  lead_score: number;
  qualification: string;
}

/** The lead's distributions, best ranked first, each with its charge and any credit asked. */
export async function leadDistributions(sql: Db, leadId: string): Promise<AdminLeadDistribution[]> {
  const rows = await sql<
    {
      id: string;
      business_id: string;
      business_name: string;
      rank: number;
      stage: string;
      payment_status: string;
      payment_amount_cents: number;
      payment_error_message: string | null;
      created_at: Date;
      charged_at: Date | null;
      viewed_at: Date | null;
      responded_at: Date | null;
      credit_status: string | null;
      credit_reason: string | null;
      credit_cents: number | null;
      credit_at: Date | null;
    }[]
  >`
    select d.id, d.business_id, b.name as business_name, d.rank, d.stage, d.payment_status, d.payment_amount_cents,
           d.payment_error_message, d.created_at, d.charged_at, d.viewed_at, d.responded_at,
           c.status as credit_status, c.reason as credit_reason, c.amount_cents as credit_cents, c.created_at as credit_at
      from lead_distributions d
      join businesses b on b.id = d.business_id
      left join lead_credits c on c.distribution_id = d.id
     where d.lead_id = ${leadId}
     order by d.rank, d.created_at, d.id`;
  return rows.map((r) => ({
    id: r.id,
    businessId: r.business_id,
    businessName: r.business_name,
    rank: r.rank,
    stage: r.stage,
    chargeStatus: r.payment_status,
    amountCents: r.payment_amount_cents,
    failure: r.payment_error_message,
    createdAt: r.created_at.toISOString(),
    chargedAt: r.charged_at?.toISOString() ?? null,
    viewedAt: r.viewed_at?.toISOString() ?? null,
    respondedAt: r.responded_at?.toISOString() ?? null,
    credit:
      r.credit_status && r.credit_reason && r.credit_cents !== null && r.credit_at
        ? {
            status: r.credit_status,
            reason: r.credit_reason,
            amountCents: r.credit_cents,
            createdAt: r.credit_at.toISOString(),
          }
        : null,
  }));
}

export async function leadDetail(sql: Sql, leadId: string): Promise<AdminLeadDetail> {
  if (!UUID.test(leadId)) throw new AppError('NOT_FOUND', ADMIN_LEAD_MESSAGES.leadNotFound);
  const [row] = await sql<DetailRow[]>`
    select id, created_at, confirmed_at, name, email, phone, project_type, project_description, timeline,
           budget_min, budget_max, property_type, property_address, city, zip_code,
           coalesce(array_length(photos, 1), 0)::int as photo_count, lead_score, qualification
      from leads where id = ${leadId}`;
  if (!row) throw new AppError('NOT_FOUND', ADMIN_LEAD_MESSAGES.leadNotFound);
  const distributions = await leadDistributions(sql, leadId);
  // The score is stored as a total; its rules are the pipeline's own (leadScoreBreakdown, which
  // leadScore sums) applied to the stored inputs. Only the photos can change after scoring (an
  // expired request's are deleted), so a mismatch with the stored total is shown, never hidden.
  const inputs = {
    budgetMax: row.budget_max,
    timeline: row.timeline,
    description: row.project_description,
    photoCount: row.photo_count,
  };
  const recomputed = leadScore(inputs);
  const note =
    recomputed === row.lead_score
      ? null
      : `The stored score (${row.lead_score}) differs from these rules' total (${recomputed}): an input changed after scoring${
          row.qualification === 'expired' ? ' (an expired request’s photos are deleted)' : ''
        }, so the rules as scored are ${ADMIN_LEAD_MESSAGES.scoreNotRecorded}.`;
  return {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    confirmedAt: row.confirmed_at?.toISOString() ?? null,
    name: row.name,
    email: row.email,
    phone: row.phone,
    service: row.project_type,
    description: row.project_description,
    timeline: row.timeline,
    budgetMin: row.budget_min,
    budgetMax: row.budget_max,
    propertyType: row.property_type,
    address: row.property_address,
    city: row.city,
    zipCode: row.zip_code,
    photoCount: row.photo_count,
    qualification: {
      value: row.qualification,
      label: qualificationLabel(row.qualification),
      reason: qualificationReason(row.qualification, {
        zipCode: row.zip_code,
        paidPros: distributions.filter((d) => d.chargeStatus === 'paid').length,
      }),
    },
    score: { stored: row.lead_score, rules: leadScoreBreakdown(inputs), recomputed, note },
    distributions,
    resendable: RESENDABLE.includes(row.qualification),
  };
}
