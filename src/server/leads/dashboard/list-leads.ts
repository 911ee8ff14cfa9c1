// The dashboard's lead list: one business's distributions joined to their leads, newest first,
// optionally of one stage, paged by keyset (created_at, id) so a deep page costs what the first does.
import { LEADS_PAGE_SIZE } from '../../../domain/dashboard-rules.ts';
import type { LeadStage } from '../../../domain/lead-stages.ts';
import type { LeadPage } from '../../../schemas/dashboard.ts';
import type { Sql } from '../../platform/db/client.ts';
import { ownerSince } from '../../accounts/index.ts';
import { cursorCodec, keysetPage } from '../../platform/cursor.ts';
import { leadColumns, toLeadSummary, type LeadRow } from './lead-rows.ts';

/** The list's keyset: (created_at as PostgreSQL prints it, id). */
export const leadListCursor = cursorCodec('contractor-leads', ['time', 'uuid']);

/**
 * "3 new leads": the leads waiting for the contractor's first contact, those in the New stage
 * that were paid for (a lead whose charge failed shows no contact to make), since the owner had
 * the business. Served by the (business_id, stage, created_at desc, id desc) index.
 */
async function countNewLeads(sql: Sql, businessId: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from lead_distributions
     where business_id = ${businessId} and stage = 'NEW' and payment_status = 'paid'
       and created_at >= ${ownerSince(sql, businessId)}`;
  return row?.n ?? 0;
}

export async function listLeads(
  sql: Sql,
  businessId: string,
  options: { stage?: LeadStage | undefined; cursor?: string | undefined; limit?: number } = {},
): Promise<LeadPage> {
  const limit = options.limit ?? LEADS_PAGE_SIZE;
  const [at, id] = options.cursor ? leadListCursor.read(options.cursor) : [];
  const cursor = at && id ? { at, id } : null;
  const rows = await sql<LeadRow[]>`
    select ${leadColumns(sql)}
      from lead_distributions d
      join leads l on l.id = d.lead_id
     where d.business_id = ${businessId}
       and d.created_at >= ${ownerSince(sql, businessId)}
       ${options.stage ? sql`and d.stage = ${options.stage}` : sql``}
       ${cursor ? sql`and (d.created_at, d.id) < (${cursor.at}::text::timestamptz, ${cursor.id}::uuid)` : sql``}
     order by d.created_at desc, d.id desc
     limit ${limit + 1}`;
  const { page, nextCursor } = keysetPage(rows, limit, leadListCursor, (r) => [r.cursor_at, r.id]);
  return {
    leads: page.map(toLeadSummary),
    newLeads: await countNewLeads(sql, businessId),
    nextCursor,
  };
}
