// A held or reported request as the fraud queue shows it: the homeowner's details, why it is held,
// its buyers' reports, how many buyers paid and were refunded, its contact details blocked now,
// the admin's decision, and the signals that tie it to other requests (fraud-signals.ts).
import type { CreditRowReason, CreditStatus } from '../../../domain/credit-rules.ts';
import { REPORT_REASONS } from '../../../domain/credit-rules.ts';
import { FRAUD_MESSAGES } from '../../../domain/fraud-rules.ts';
import type { BlockKind, FraudLead } from '../../../schemas/admin-fraud.ts';
import type { Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { fraudSignals, type SignalSource } from './fraud-signals.ts';

interface LeadRow extends SignalSource {
  name: string;
  email: string;
  city: string | null;
  project_type: string;
  project_description: string;
  qualification: string;
  hold_reason: string | null;
  reported_at: Date | null;
  reports_refunded_at: Date | null;
  fraud_review: 'blocked' | 'released' | null;
  fraud_reviewed_at: Date | null;
}

/** The requests, in the order of `ids` (those that do not exist left out). */
export async function fraudLeads(sql: Sql, ids: string[]): Promise<FraudLead[]> {
  if (!ids.length) return [];
  const rows = await sql<LeadRow[]>`
    select id, created_at, name, email, phone, property_address, city, zip_code, project_type, project_description,
           qualification, hold_reason, reported_at, reports_refunded_at, fraud_review, fraud_reviewed_at,
           email_domain, address_key, client_prefix, device_hash, text_sketch, near_duplicate_of
      from leads where id = any(${ids}::uuid[])`;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const leads: FraudLead[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (row) leads.push(await fraudLeadOf(sql, row));
  }
  return leads;
}

export async function fraudLead(sql: Sql, id: string): Promise<FraudLead> {
  const [lead] = await fraudLeads(sql, [id]);
  if (!lead) throw new AppError('NOT_FOUND', FRAUD_MESSAGES.leadNotFound);
  return lead;
}

async function fraudLeadOf(sql: Sql, row: LeadRow): Promise<FraudLead> {
  const reports = await sql<{ name: string; reason: CreditRowReason; at: Date; status: CreditStatus }[]>`
    select b.name, c.reason, c.created_at as at, c.status
      from lead_credits c
      join lead_distributions d on d.id = c.distribution_id
      join businesses b on b.id = d.business_id
     where d.lead_id = ${row.id} and c.reason = any(${REPORT_REASONS as string[]})
     order by c.created_at, c.id`;
  const [buyers] = await sql<{ paid: number; refunded: number }[]>`
    select (count(*) filter (where payment_status in ('paid', 'refunded')))::int as paid,
           (count(*) filter (where payment_status = 'refunded'))::int as refunded
      from lead_distributions where lead_id = ${row.id}`;
  const blocks = await sql<{ kind: BlockKind; value: string }[]>`
    select kind, value from blocked_identities where lead_id = ${row.id} and released_at is null
     order by kind, value`;
  return {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.property_address,
    city: row.city,
    zipCode: row.zip_code,
    service: row.project_type,
    description: row.project_description,
    qualification: row.qualification,
    holdReason: row.hold_reason,
    reportedAt: row.reported_at?.toISOString() ?? null,
    reportsRefundedAt: row.reports_refunded_at?.toISOString() ?? null,
    review:
      row.fraud_review && row.fraud_reviewed_at
        ? { decision: row.fraud_review, at: row.fraud_reviewed_at.toISOString() }
        : null,
    reports: reports.map((r) => ({
      businessName: r.name,
      reason: r.reason,
      at: r.at.toISOString(),
      status: r.status,
    })),
    buyers: buyers ?? { paid: 0, refunded: 0 },
    blocks: [...blocks],
    signals: await fraudSignals(sql, row),
  };
}
