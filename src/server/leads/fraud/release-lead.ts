// An admin releases a request from the fraud queue. A held request is sold: confirmed now
// ('pending', confirmed_at) and audited in one transaction under the lead's lock, then sold through
// the pipeline (sellForHomeowner) outside it, as a confirmation sells; a gateway outage leaves it
// to the sweeper. A reported request has the contact details blocked for it released (the refunds
// made stay made). Releasing it again answers the request as it stands; a request in neither list
// is refused and nothing changes.
import { FRAUD_MESSAGES as M } from '../../../domain/fraud-rules.ts';
import type { FraudDecision } from '../../../schemas/admin-fraud.ts';
import { audited, type AuditActor } from '../../platform/security/audit.ts';
import type { Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { sellForHomeowner } from '../requests/process-lead.ts';
import type { SubmitOptions } from '../requests/types.ts';
import { fraudLead } from './fraud-leads.ts';
import { lockQueuedLead } from './lock-queued-lead.ts';

export async function releaseLead(
  sql: Sql,
  options: SubmitOptions,
  actor: AuditActor,
  leadId: string,
): Promise<FraudDecision> {
  const outcome = await sql.begin(async (tx) => {
    const lead = await lockQueuedLead(tx, leadId);
    const review = tx`fraud_review = 'released', fraud_reviewed_at = now(), fraud_reviewed_by = ${actor.id}`;
    if (lead.qualification === 'held') {
      await tx`update leads set qualification = 'pending', confirmed_at = now(), ${review} where id = ${leadId}`;
      await audited(
        tx,
        actor,
        'lead.fraud.release',
        { type: 'lead', id: leadId },
        { qualification: 'held', holdReason: lead.hold_reason, fraudReview: lead.fraud_review },
        { qualification: 'pending', fraudReview: 'released' },
      );
      return 'sell';
    }
    if (lead.fraud_review === 'released') return 'answered';
    if (!lead.reported_at)
      throw new AppError('CONFLICT', lead.qualification === 'blocked' ? M.notHeld : M.notInQueue);
    const released = await tx<{ kind: string; value: string }[]>`
      update blocked_identities set released_at = now(), released_by = ${actor.id}
       where lead_id = ${leadId} and released_at is null
       returning kind, value`;
    await tx`update leads set ${review} where id = ${leadId}`;
    await audited(
      tx,
      actor,
      'lead.fraud.release',
      { type: 'lead', id: leadId },
      { fraudReview: lead.fraud_review, blocked: released },
      { fraudReview: 'released', blocked: [] },
    );
    return 'released';
  });
  let sold: number | null = null;
  if (outcome === 'sell') sold = (await sellForHomeowner(sql, leadId, options)).paymentsSuccessful;
  return { lead: await fraudLead(sql, leadId), refunded: 0, sold };
}
