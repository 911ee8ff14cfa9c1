// A contractor moves one of its leads to another stage (src/domain/lead-stages.ts decides which
// moves exist). The UPDATE names the stage the move starts from, so two moves at once cannot
// both apply or skip a stage: the second finds the row changed and is refused. Marking a job
// COMPLETED invites a review (in the same transaction) only when the homeowner accepted this
// contractor's quote: the contractor's stage alone invites nobody (src/server/leads/reviews/), and that
// mail is held back for the undo window. The stage the move started from is kept in
// previous_stage, so this move (and only this one) can be undone for a while (undo-lead-stage.ts).
import { DASHBOARD_MESSAGES } from '../../../domain/dashboard-rules.ts';
import {
  canMove,
  LEAD_STAGE_LABELS,
  nextStages,
  STAGE_UNDO_SECONDS,
  type LeadStage,
} from '../../../domain/lead-stages.ts';
import type { Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { inviteReview } from '../reviews/invite-review.ts';
import { assertDistributionId } from '../access/distribution-id.ts';
import { findLeadRow } from './get-lead.ts';
import { STAGE_CHANGED_MEANWHILE } from '../leads-rules.ts';

function refusedMoveMessage(from: LeadStage, to: LeadStage): string {
  const allowed = nextStages(from).map((s) => LEAD_STAGE_LABELS[s]);
  return `A lead cannot move from ${LEAD_STAGE_LABELS[from]} to ${LEAD_STAGE_LABELS[to]}.${
    allowed.length
      ? ` From ${LEAD_STAGE_LABELS[from]} it can move to ${allowed.join(' or ')}.`
      : ` ${LEAD_STAGE_LABELS[from]} is final.`
  }`;
}

export async function changeLeadStage(
  sql: Sql,
  business: { id: string; name: string },
  distributionId: string,
  to: LeadStage,
): Promise<{ stage: LeadStage; from: LeadStage; nextStages: LeadStage[]; reviewMailed: boolean }> {
  const id = assertDistributionId(distributionId);
  return sql.begin(async (tx) => {
    const row = await findLeadRow(tx, business.id, id);
    if (!canMove(row.stage, to)) throw new AppError('CONFLICT', refusedMoveMessage(row.stage, to));
    // Working a lead (and mailing its homeowner) needs the lead paid for; dropping one does not.
    if (to !== 'REJECTED' && row.payment_status !== 'paid')
      throw new AppError('CONFLICT', DASHBOARD_MESSAGES.notPaid);
    const moved = await tx`
      update lead_distributions
         set stage = ${to}, previous_stage = ${row.stage}, stage_changed_at = now(),
             completed_at = ${to === 'COMPLETED' ? tx`now()` : tx`completed_at`}
       where id = ${id} and business_id = ${business.id} and stage = ${row.stage}
       returning id`;
    if (!moved.length) throw new AppError('CONFLICT', STAGE_CHANGED_MEANWHILE);
    // A review invitation only for a job the homeowner gave this contractor (its quote accepted).
    const reviewMailed =
      to === 'COMPLETED' &&
      (await inviteReview(tx, {
        leadId: row.lead_id,
        businessId: business.id,
        because: 'completed',
        holdSeconds: STAGE_UNDO_SECONDS,
      })) !== null;
    return { stage: to, from: row.stage, nextStages: [...nextStages(to)], reviewMailed };
  });
}
