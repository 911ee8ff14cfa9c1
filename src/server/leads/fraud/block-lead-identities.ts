// Blocks a lead's phone, mailbox (its emailKey) and device, when it has one: a request from any of
// them is refused (submit-quote.ts). Inside the caller's transaction; a detail already blocked
// keeps its first row (one active row per kind and value). blockedBy null: automatic (buyers'
// reports).
import { emailKey } from '../../../domain/integrity-rules.ts';
import type { BlockKind } from '../../../schemas/admin-fraud.ts';
import type { TransactionSql } from '../../platform/db/client.ts';

/** The details blocked now (those blocked already are not counted). */
export async function blockLeadIdentities(
  tx: TransactionSql,
  leadId: string,
  reason: string,
  blockedBy: string | null,
): Promise<{ kind: BlockKind; value: string }[]> {
  const [lead] = await tx<
    { phone: string; email: string; email_key: string | null; device_hash: string | null }[]
  >`
    select phone, email, email_key, device_hash from leads where id = ${leadId}`;
  if (!lead) return [];
  const details: { kind: BlockKind; value: string }[] = [
    { kind: 'phone', value: lead.phone.slice(-10) },
    { kind: 'email', value: lead.email_key ?? emailKey(lead.email) },
    ...(lead.device_hash ? [{ kind: 'device' as const, value: lead.device_hash }] : []),
  ];
  const blocked: { kind: BlockKind; value: string }[] = [];
  for (const detail of details) {
    const [row] = await tx`
      insert into blocked_identities (kind, value, reason, lead_id, blocked_by)
      values (${detail.kind}, ${detail.value}, ${reason.slice(0, 500)}, ${leadId}, ${blockedBy})
      on conflict (kind, value) where released_at is null do nothing
      returning id`;
    if (row) blocked.push(detail);
  }
  return blocked;
}
