// The sweeper: finishes leads whose run stopped part-way.
import type { Sql } from '../../platform/db/client.ts';
import { processLead } from './process-lead.ts';
import type { SaleResult, SubmitOptions } from './types.ts';
import { log } from '../../platform/log.ts';
import { RESUME_AFTER_MINUTES } from '../leads-rules.ts';

/**
 * Finishes leads whose run stopped part-way (a crash, a timeout, a gateway outage): still
 * pending qualification, or with a charge not yet recorded. Run on a schedule; each lead is
 * processed as a retry would, so nothing is charged twice.
 */
export async function resumeUnfinishedLeads(
  sql: Sql,
  options: SubmitOptions,
  limit = 50,
): Promise<SaleResult[]> {
  const leads = await sql<{ id: string }[]>`
    select l.id from leads l
    where coalesce(l.confirmed_at, l.created_at) < now() - make_interval(mins => ${RESUME_AFTER_MINUTES})
      and (l.qualification = 'pending'
           or exists (select 1 from lead_distributions d where d.lead_id = l.id and d.payment_status = 'pending'))
    order by l.created_at limit ${limit}`;
  const results: SaleResult[] = [];
  for (const { id } of leads) {
    try {
      results.push(await processLead(sql, id, options));
    } catch (error) {
      log().error({ err: error }, `lead ${id} could not be finished; the next sweep tries again`);
    }
  }
  return results;
}
