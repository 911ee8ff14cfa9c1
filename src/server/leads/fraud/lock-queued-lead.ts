// A request the fraud queue acts on, locked (the lead's row, as a buyer's report locks it).
import { FRAUD_MESSAGES as M } from '../../../domain/fraud-rules.ts';
import type { TransactionSql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface QueuedLead {
  qualification: string;
  hold_reason: string | null;
  reported_at: Date | null;
  fraud_review: 'blocked' | 'released' | null;
}

export async function lockQueuedLead(tx: TransactionSql, leadId: string): Promise<QueuedLead> {
  if (!UUID.test(leadId)) throw new AppError('NOT_FOUND', M.leadNotFound);
  const [lead] = await tx<QueuedLead[]>`
    select qualification, hold_reason, reported_at, fraud_review from leads where id = ${leadId} for no key update`;
  if (!lead) throw new AppError('NOT_FOUND', M.leadNotFound);
  return lead;
}
