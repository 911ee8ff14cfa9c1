// A lead charge declined because the card has expired marks that card 'expired': the billing
// page shows its expired-card banner and the matcher (which takes only active default cards)
// stops selling leads to the business until it saves a new card.
import type { TransactionSql } from '../../platform/db/client.ts';
import type { ChargeResult } from '../gateway/gateway.ts';

export const EXPIRED_CARD_CODE = 'expired_card';

export async function markCardExpired(
  tx: TransactionSql,
  businessId: string,
  paymentMethodId: string,
  result: ChargeResult,
): Promise<void> {
  if (result.status === 'succeeded' || result.declineCode !== EXPIRED_CARD_CODE) return;
  await tx`
    update payment_methods set status = 'expired'
     where business_id = ${businessId} and gateway_payment_method_id = ${paymentMethodId} and status = 'active'`;
}
