// Sells a stored lead: qualify it, match contractors, and charge the best of them until enough
// have paid; safe to run again for the same lead (see submit-quote.ts).
import { DEFAULT_CONTRACTORS_PER_LEAD, MAX_CONTRACTORS_PER_LEAD } from '../../../domain/quote-rules.ts';
import type { Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { isGatewayUnavailable } from '../../money/index.ts';
import { chargeDistribution } from './charge-distribution.ts';
import { finishLead } from './finish-lead.ts';
import { matchContractors } from './match-contractors.ts';
import { settlePendingCharges } from './settle-pending-charges.ts';
import { FRAUD_FINDING } from '../../../domain/fraud-rules.ts';
import { settleCredits } from '../credits/settle-credit.ts';
import { creditEveryBuyer } from '../credits/credit-every-buyer.ts';
import type { LeadRow, SaleResult, SubmitOptions } from './types.ts';
import { log } from '../../platform/log.ts';

export async function processLead(sql: Sql, leadId: string, options: SubmitOptions): Promise<SaleResult> {
  const lead = await readLead(sql, leadId);

  if (lead.qualification === 'pending') {
    const reason = disqualification(lead);
    if (reason) {
      await finishLead(sql, lead, reason, []);
      return { leadId, contractorsContacted: 0, paymentsSuccessful: 0 };
    }
  } else if (lead.qualification !== 'qualified' && lead.qualification !== 'unmatched') {
    return { leadId, contractorsContacted: 0, paymentsSuccessful: 0 };
  }

  // A charge an earlier run made but did not record is settled first, whatever the ranking now.
  await settlePendingCharges(sql, lead, options);
  // Never sold without a proven phone (an admin's payment test aside), and never again once its
  // buyers were refunded as fake or an admin blocked it: a charge that was in flight meanwhile
  // is refunded like the others, once.
  const stop = await saleStopped(sql, lead);
  if (stop) {
    if (stop === 'fraud') await refundLateCharges(sql, leadId, options);
    const [row] = await sql<{ contacted: number; paid: number }[]>`
      select count(*)::int as contacted, (count(*) filter (where payment_status = 'paid'))::int as paid
        from lead_distributions where lead_id = ${leadId}`;
    return { leadId, contractorsContacted: row?.contacted ?? 0, paymentsSuccessful: row?.paid ?? 0 };
  }
  const wanted = Math.min(
    MAX_CONTRACTORS_PER_LEAD,
    Math.max(1, options.contractorsPerLead ?? DEFAULT_CONTRACTORS_PER_LEAD),
  );
  const candidates = await matchContractors(sql, lead);
  // In waves: as many of the best remaining candidates as there are places left, charged
  // concurrently (a gateway answers in hundreds of milliseconds; one at a time, three pros would
  // take three round trips). Whoever fails is replaced by the next candidates in the next wave.
  // Each charge is still keyed by its own distribution row, so a lead is sold to a business once.
  let next = 0;
  let paid = await paidCount(sql, leadId);
  while (paid < wanted && next < candidates.length) {
    const wave = candidates.slice(next, next + (wanted - paid));
    const ranks = wave.map((_, i) => next + i + 1);
    next += wave.length;
    const settled = await Promise.allSettled(
      wave.map((candidate, i) => chargeDistribution(sql, lead, candidate, ranks[i]!, options)),
    );
    // Every charge of the wave is recorded (or left pending for a rerun) before an error surfaces.
    const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failure) throw failure.reason;
    paid = await paidCount(sql, leadId);
  }

  const distributions = await sql<{ name: string; responseTimeHours: number | null; paid: boolean }[]>`
    select b.name, b.response_time_hours as "responseTimeHours", d.payment_status = 'paid' as paid
    from lead_distributions d join businesses b on b.id = d.business_id
    where d.lead_id = ${leadId} order by d.rank`;
  const sold = distributions.filter((d) => d.paid);
  await finishLead(sql, lead, sold.length ? 'qualified' : 'unmatched', sold);
  return { leadId, contractorsContacted: distributions.length, paymentsSuccessful: sold.length };
}

/**
 * Sells a lead for a homeowner who is waiting on the answer (the confirm page, a signed-in
 * submit). A run the gateway cut short (a timeout, a dropped connection, an outage) has kept the
 * lead and left its unsettled charges 'pending': the sweeper (resume-unfinished-leads.ts) settles
 * them with the same idempotency keys. So the homeowner is told where the sale stands, not shown
 * an error for a request that was kept. Only the gateway's failures are taken so: any other error
 * (ours, the request's, a database that cannot be read) still surfaces.
 */
export async function sellForHomeowner(
  sql: Sql,
  leadId: string,
  options: SubmitOptions,
): Promise<SaleResult> {
  try {
    return await processLead(sql, leadId, options);
  } catch (error) {
    if (!isGatewayUnavailable(error)) throw error;
    log().error({ err: error }, `lead ${leadId} was kept but not finished; the sweeper finishes it`);
    const [row] = await sql<{ contacted: number; paid: number }[]>`
      select count(*)::int as contacted, (count(*) filter (where payment_status = 'paid'))::int as paid
      from lead_distributions where lead_id = ${leadId}`;
    return { leadId, contractorsContacted: row?.contacted ?? 0, paymentsSuccessful: row?.paid ?? 0 };
  }
}

/** A stored lead as the pipeline's steps read it. */
export async function readLead(sql: Sql, leadId: string): Promise<LeadRow> {
  const [lead] = await sql<LeadRow[]>`
    select id, service_id, email, name, phone, zip_code, city, latitude, longitude, qualification, project_type,
           project_description, timeline, budget_min, budget_max, property_address, preferred_contact_method, is_test,
           phone_verified_at, phone_line_type, email_confirmed_at, chosen_business_id
    from leads where id = ${leadId}`;
  if (!lead) throw new AppError('NOT_FOUND', 'Lead not found');
  return lead;
}

/**
 * Not sold: outside our area, i.e. the ZIP code is none of our service areas' (which all lie
 * within the 50 km service area: the catalog's schema checks it). Duplicates are marked when the
 * request is stored.
 */
function disqualification(lead: LeadRow): 'out_of_area' | null {
  return lead.city === null ? 'out_of_area' : null;
}

async function paidCount(sql: Sql, leadId: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from lead_distributions where lead_id = ${leadId} and payment_status = 'paid'`;
  return row?.n ?? 0;
}

/** Why a lead may not be sold now: 'unproven' (no phone proof) or 'fraud' (refunded as fake or
 * blocked), else null. */
async function saleStopped(sql: Sql, lead: LeadRow): Promise<'unproven' | 'fraud' | null> {
  const [row] = await sql<{ refunded: boolean; blocked: boolean }[]>`
    select reports_refunded_at is not null as refunded, coalesce(fraud_review = 'blocked', false) as blocked
      from leads where id = ${lead.id}`;
  if (row?.refunded || row?.blocked) return 'fraud';
  if (!lead.phone_verified_at && !lead.is_test) return 'unproven';
  return null;
}

/** A charge recorded after its lead was refunded to every buyer (it was in flight): refunded too. */
async function refundLateCharges(sql: Sql, leadId: string, options: SubmitOptions): Promise<void> {
  const credits = await sql.begin(async (tx) => {
    const [lead] = await tx<{ blocked: boolean }[]>`
      select coalesce(fraud_review = 'blocked', false) as blocked from leads where id = ${leadId} for update`;
    return creditEveryBuyer(tx, leadId, {
      reason: lead?.blocked ? 'fraud' : 'reported',
      finding: lead?.blocked ? FRAUD_FINDING : LATE_CHARGE_FINDING,
    });
  });
  await settleCredits(sql, options.gateway, credits);
}

const LATE_CHARGE_FINDING =
  'This lead was reported fake or unreachable by two of its buyers, so every buyer is refunded.';
