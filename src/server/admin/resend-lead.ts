// An admin's re-send of a lead to the next matching pro that has not received it, through the
// pipeline's own steps: matchContractors ranks the pros as a sale does, reserveDistributionIn
// applies each business's pause switch and caps under its row lock, settlePendingCharges charges
// the reserved distribution with the key derived from it (chargeDistribution, recordLeadCharge:
// the contractor's mail and the transaction row go with the move out of 'pending', once). A
// declined card moves on to the next pro, as a sale does; at most MAX_CONTRACTORS_PER_LEAD pros
// per lead.
//
// Money moves once per click: the click's request key is a lead_resends row, and each step runs
// under that row's lock (and the lead's, so two admins never pick the same pro). A second request
// with the key (a double click, a retry after a lost answer or a crash) continues where the first
// is: it charges the same distribution with the same idempotency key, or answers the first's
// outcome. The gateway is called outside any transaction; the audit row ('lead.resend', the
// distributions before and after) is written with the row's outcome, once.
import { ADMIN_LEAD_MESSAGES as M, qualificationLabel, RESENDABLE } from '../../domain/admin-lead-rules.ts';
import { MAX_CONTRACTORS_PER_LEAD } from '../../domain/quote-rules.ts';
import type { AdminLeadResendResult, TLeadResend } from '../../schemas/admin-leads.ts';
import type { Sql, TransactionSql } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import {
  finishLead,
  matchContractors,
  readLead,
  settlePendingCharges,
  type LeadRow,
  type SubmitOptions,
} from '../leads/index.ts';
import { reserveDistributionIn } from '../accounts/index.ts';
import { audited, type AuditActor } from '../platform/security/audit.ts';
import { leadDetail, leadDistributions } from './leads.ts';

interface ResendRow {
  id: string;
  lead_id: string;
  distribution_id: string | null;
  tried: string[];
  before_distributions: DistributionSnapshot[];
  outcome: 'sent' | 'none_left' | null;
}

interface DistributionSnapshot {
  businessId: string;
  business: string;
  chargeStatus: string;
}

async function snapshot(tx: TransactionSql, leadId: string): Promise<DistributionSnapshot[]> {
  return (await leadDistributions(tx, leadId)).map((d) => ({
    businessId: d.businessId,
    business: d.businessName,
    chargeStatus: d.chargeStatus,
  }));
}

/** What one step under the locks decided. */
type Step =
  | { next: 'charge' }
  | { next: 'finish'; outcome: 'sent' | 'none_left' }
  | { next: 'answered' }
  | { next: 'refused'; message: string };

/** Steps one click may take: each charges a pro or ends it, so this only guards against a loop. */
const MAX_STEPS = 100;

export async function resendLead(
  sql: Sql,
  actor: AuditActor,
  leadId: string,
  request: TLeadResend,
  options: SubmitOptions,
): Promise<AdminLeadResendResult> {
  const lead = await readLead(sql, leadId).catch((error: unknown) => {
    throw error instanceof AppError ? new AppError('NOT_FOUND', M.leadNotFound) : error;
  });

  // The click's row: made once; a repeat finds it (and, finished, its answer).
  const claimed = await sql.begin(async (tx) => {
    await tx`select 1 from leads where id = ${leadId} for no key update`;
    const [existing] = await tx<ResendRow[]>`
      select * from lead_resends where request_key = ${request.requestKey}`;
    if (existing) {
      if (existing.lead_id !== leadId) throw new AppError('CONFLICT', M.keyOfAnotherLead);
      return existing;
    }
    if (!RESENDABLE.includes(lead.qualification)) {
      throw new AppError('CONFLICT', M.notResendable(qualificationLabel(lead.qualification)));
    }
    // A lead its buyers reported fake, or an admin blocked as fraud, is never sold again.
    const [fraud] = await tx<{ refunded: boolean; blocked: boolean }[]>`
      select reports_refunded_at is not null as refunded, fraud_review = 'blocked' as blocked
        from leads where id = ${leadId}`;
    if (fraud?.refunded || fraud?.blocked) throw new AppError('CONFLICT', M.reportedNotResendable);
    const [row] = await tx<ResendRow[]>`
      insert into lead_resends (lead_id, request_key, actor_user_id, before_distributions)
      values (${leadId}, ${request.requestKey}, ${actor.id}, ${tx.json((await snapshot(tx, leadId)) as never)})
      returning *`;
    return row!;
  });
  if (claimed.outcome) return answer(sql, claimed.id);

  // A charge an earlier sale left unrecorded is settled first, as processLead does.
  await settlePendingCharges(sql, lead, options);
  for (let steps = 0; ; steps += 1) {
    if (steps === MAX_STEPS) throw new Error(`lead ${leadId}: the re-send did not settle`);
    const step = await sql.begin((tx) => decide(tx, lead, claimed.id));
    // Refused with nothing done: the click's row was removed in that step's transaction.
    if (step.next === 'refused') throw new AppError('CONFLICT', step.message);
    if (step.next === 'answered') break;
    if (step.next === 'charge') {
      // The reserved distribution (and any other pending one of this lead) charged with its key.
      await settlePendingCharges(sql, lead, options);
      continue;
    }
    if (step.outcome === 'sent') {
      // A lead no pro had bought is qualified now (finishLead mails nobody for this move).
      await finishLead(sql, lead, 'qualified', []);
    }
    await sql.begin((tx) => finish(tx, actor, lead.id, claimed.id, step.outcome));
    break;
  }
  return answer(sql, claimed.id);
}

/**
 * One step, under the lead's and the click's locks: where its distribution stands, or the next
 * pro reserved. Nothing to do at all (no pro left, nothing tried): the click's row is removed and
 * the admin told, so a refused re-send changes nothing.
 */
async function decide(tx: TransactionSql, lead: LeadRow, resendId: string): Promise<Step> {
  await tx`select 1 from leads where id = ${lead.id} for no key update`;
  const [resend] = await tx<ResendRow[]>`select * from lead_resends where id = ${resendId} for update`;
  if (!resend) throw new AppError('CONFLICT', M.noNextPro);
  if (resend.outcome) return { next: 'answered' };
  const tried = [...resend.tried];
  if (resend.distribution_id) {
    const [current] = await tx<{ business_id: string; payment_status: string }[]>`
      select business_id, payment_status from lead_distributions where id = ${resend.distribution_id}`;
    if (current?.payment_status === 'paid') return { next: 'finish', outcome: 'sent' };
    if (current?.payment_status === 'pending') return { next: 'charge' };
    // Declined (or gone): the pipeline moves on to the next pro.
    if (current && !tried.includes(current.business_id)) tried.push(current.business_id);
  }

  const nothingTried = tried.length === 0;
  const refuse = async (message: string): Promise<Step> => {
    await tx`delete from lead_resends where id = ${resendId}`;
    return { next: 'refused', message };
  };
  // Under the lead's lock, checked again before each new pro: a report or a block that landed
  // after the click stops it; a lead never proven by a code is not sold (requests from before
  // the rule included).
  const [state] = await tx<{ stopped: boolean; proven: boolean }[]>`
    select reports_refunded_at is not null or coalesce(fraud_review = 'blocked', false) as stopped,
           phone_verified_at is not null or is_test as proven
      from leads where id = ${lead.id}`;
  if (state?.stopped) return refuse(M.reportedNotResendable);
  if (!state?.proven) return refuse(M.unprovenNotResendable);
  const [counts] = await tx<{ taken: number; last_rank: number }[]>`
    select (count(*) filter (where payment_status in ('paid', 'pending')))::int as taken,
           coalesce(max(rank), 0)::int as last_rank
      from lead_distributions where lead_id = ${lead.id}`;
  if (counts!.taken >= MAX_CONTRACTORS_PER_LEAD) {
    if (nothingTried) return refuse(M.maxPros);
  } else {
    const had = new Set(
      (
        await tx<
          { business_id: string }[]
        >`select business_id from lead_distributions where lead_id = ${lead.id}`
      ).map((r) => r.business_id),
    );
    for (const candidate of await matchContractors(tx, lead)) {
      if (had.has(candidate.id)) continue;
      // Paused or at a cap: skipped, as a sale skips it (no row).
      if (await reserveDistributionIn(tx, lead.id, candidate.id, counts!.last_rank + 1)) continue;
      const [reserved] = await tx<{ id: string }[]>`
        select id from lead_distributions
         where lead_id = ${lead.id} and business_id = ${candidate.id} and payment_status = 'pending'`;
      if (!reserved) continue;
      await tx`update lead_resends set distribution_id = ${reserved.id}, tried = ${tried}::uuid[] where id = ${resendId}`;
      return { next: 'charge' };
    }
    if (nothingTried) return refuse(M.noNextPro);
  }
  await tx`update lead_resends set distribution_id = null, tried = ${tried}::uuid[] where id = ${resendId}`;
  return { next: 'finish', outcome: 'none_left' };
}

/** The click's outcome and its audit row, once. */
async function finish(
  tx: TransactionSql,
  actor: AuditActor,
  leadId: string,
  resendId: string,
  outcome: 'sent' | 'none_left',
): Promise<void> {
  const [resend] = await tx<ResendRow[]>`
    update lead_resends set outcome = ${outcome}, finished_at = now()
     where id = ${resendId} and outcome is null
     returning *`;
  if (!resend) return;
  const after = await snapshot(tx, leadId);
  const sentTo =
    outcome === 'sent' && resend.distribution_id
      ? ((
          await tx<{ name: string }[]>`
            select b.name from lead_distributions d join businesses b on b.id = d.business_id
             where d.id = ${resend.distribution_id}`
        )[0]?.name ?? null)
      : null;
  await audited(
    tx,
    actor,
    'lead.resend',
    { type: 'lead', id: leadId },
    { distributions: resend.before_distributions },
    { distributions: after, sentTo },
  );
}

async function answer(sql: Sql, resendId: string): Promise<AdminLeadResendResult> {
  const [row] = await sql<
    {
      lead_id: string;
      outcome: 'sent' | 'none_left' | null;
      business_name: string | null;
      declined: string[];
    }[]
  >`
    select r.lead_id, r.outcome,
           (select b.name from lead_distributions d join businesses b on b.id = d.business_id
             where d.id = r.distribution_id) as business_name,
           coalesce((select array_agg(b.name order by b.name) from businesses b where b.id = any(r.tried)), '{}') as declined
      from lead_resends r where r.id = ${resendId}`;
  if (!row?.outcome) throw new AppError('CONFLICT', M.resendUnderWay);
  const lead = await leadDetail(sql, row.lead_id);
  return row.outcome === 'sent' && row.business_name
    ? { status: 'sent', businessName: row.business_name, declined: row.declined, lead }
    : { status: 'none_left', declined: row.declined, lead };
}
