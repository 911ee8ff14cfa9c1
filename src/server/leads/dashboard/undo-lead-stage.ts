// Undo of a stage move (issue 24: nothing final in one tap, and one tap takes a move back). Only
// the move just made by hand, only within STAGE_UNDO_SECONDS of it, and only back to the stage it
// started from: the caller names both (the stage the lead is in, the one to restore) and the
// UPDATE requires the row to still say exactly that, so an older move, a response since, a second
// undo or two undos at once restore nothing. Undoing a completion also withdraws the review
// invitation that completion queued (held back for the same window, so it was never sent) and
// its link; if it somehow went, the undo is refused rather than leave a homeowner a dead link.
import {
  nextStages,
  STAGE_UNDO_MESSAGES,
  STAGE_UNDO_SECONDS,
  type LeadStage,
} from '../../../domain/lead-stages.ts';
import type { Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { assertDistributionId } from '../access/distribution-id.ts';
import { findLeadRow } from './get-lead.ts';

export async function undoLeadStage(
  sql: Sql,
  business: { id: string },
  distributionId: string,
  move: { from: LeadStage; to: LeadStage },
): Promise<{ stage: LeadStage; nextStages: LeadStage[] }> {
  const id = assertDistributionId(distributionId);
  return sql.begin(async (tx) => {
    const lead = await findLeadRow(tx, business.id, id);
    const [row] = await tx<
      { stage: LeadStage; previous: LeadStage | null; recent: boolean; movedAt: Date; invited: boolean }[]
    >`
      select stage, previous_stage as previous, stage_changed_at as "movedAt",
             stage_changed_at > now() - make_interval(secs => ${STAGE_UNDO_SECONDS}) as recent,
             coalesce(stage = 'COMPLETED' and review_invited_at >= stage_changed_at, false) as invited
        from lead_distributions
       where id = ${id} and business_id = ${business.id}
         for update`;
    if (!row || row.stage !== move.from || row.previous !== move.to || !row.recent)
      throw new AppError('CONFLICT', STAGE_UNDO_MESSAGES.expired);
    if (row.invited) {
      // The invitation this completion queued is still held back: withdrawn unsent, with its link.
      const withdrawn = await tx`
        delete from mail_outbox
         where template = 'lead_review' and status = 'pending' and payload->>'leadId' = ${lead.lead_id}
           and created_at >= ${row.movedAt}
        returning id`;
      if (!withdrawn.length) throw new AppError('CONFLICT', STAGE_UNDO_MESSAGES.expired);
      await tx`
        delete from lead_access_tokens
         where lead_id = ${lead.lead_id} and purpose = 'review' and business_id = ${business.id}
           and used_at is null and created_at >= ${row.movedAt}`;
    }
    await tx`
      update lead_distributions
         set stage = ${move.to}, previous_stage = null, stage_changed_at = now(),
             completed_at = ${move.from === 'COMPLETED' ? null : tx`completed_at`},
             review_invited_at = ${row.invited ? null : tx`review_invited_at`}
       where id = ${id}`;
    return { stage: move.to, nextStages: [...nextStages(move.to)] };
  });
}
