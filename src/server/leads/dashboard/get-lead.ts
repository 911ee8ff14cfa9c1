// One lead as its contractor sees it: the lead, the moves it may take, and its communications
// (by lead and this business only) and, on a bought lead, the message thread with the homeowner. The first view records viewed_at. A lead the business got
// before its owner had it (a claimed listing's) is not found (contractor/owner-since.ts).
import { nextStages } from '../../../domain/lead-stages.ts';
import type { Communication, LeadDetail, QuoteLine } from '../../../schemas/dashboard.ts';
import type { Db, Sql } from '../../platform/db/client.ts';
import { ownerSince } from '../../accounts/index.ts';
import { contractorThread } from '../inbox/contractor-thread.ts';
import { leadCreditState } from '../credits/lead-credit-state.ts';
import { AppError } from '../../platform/errors.ts';
import { leadColumns, toLeadSummary, type LeadRow } from './lead-rows.ts';
import { LEAD_NOT_FOUND } from '../leads-rules.ts';
import { assertDistributionId } from '../access/distribution-id.ts';

export async function findLeadRow(sql: Db, businessId: string, distributionId: string): Promise<LeadRow> {
  const [row] = await sql<LeadRow[]>`
    select ${leadColumns(sql)}
      from lead_distributions d
      join leads l on l.id = d.lead_id
     where d.id = ${distributionId} and d.business_id = ${businessId}
       and d.created_at >= ${ownerSince(sql, businessId)}`;
  if (!row) throw new AppError('NOT_FOUND', LEAD_NOT_FOUND);
  return row;
}

interface CommunicationRow {
  id: string;
  message_type: string;
  sender_name: string;
  subject: string;
  message_content: string;
  created_at: Date;
  quote: { items: QuoteLine[]; totalCents: number; validUntil: string; terms?: string } | null;
  accepted_at: Date | null;
}

async function leadCommunications(sql: Db, businessId: string, leadId: string): Promise<Communication[]> {
  const rows = await sql<CommunicationRow[]>`
    select id, message_type, sender_name, subject, message_content, created_at, quote, accepted_at
      from lead_communications
     where lead_id = ${leadId} and business_id = ${businessId}
     order by created_at, id`;
  return rows.map((r) => ({
    id: r.id,
    type: r.message_type,
    senderName: r.sender_name,
    subject: r.subject,
    message: r.message_content,
    createdAt: r.created_at.toISOString(),
    quote: r.quote
      ? {
          items: r.quote.items,
          totalCents: r.quote.totalCents,
          validUntil: r.quote.validUntil,
          terms: r.quote.terms ?? '',
        }
      : null,
    acceptedAt: r.accepted_at?.toISOString() ?? null,
  }));
}

export async function getLead(sql: Sql, businessId: string, distributionId: string): Promise<LeadDetail> {
  const id = assertDistributionId(distributionId);
  // Scoped by business: another's distribution id marks nothing and reads as not found.
  await sql`
    update lead_distributions
       set viewed_at = now(), status = case when status = 'sent' then 'viewed' else status end
     where id = ${id} and business_id = ${businessId} and viewed_at is null
       and created_at >= ${ownerSince(sql, businessId)}`;
  const row = await findLeadRow(sql, businessId, id);
  return {
    lead: toLeadSummary(row),
    nextStages: [...nextStages(row.stage)],
    communications: await leadCommunications(sql, businessId, row.lead_id),
    // The thread with the homeowner (issue 25), on a bought lead only.
    messages: await contractorThread(sql, {
      leadId: row.lead_id,
      businessId,
      paid: row.payment_status === 'paid',
      homeownerName: row.name,
    }),
    credit: await leadCreditState(sql, businessId, id),
  };
}
