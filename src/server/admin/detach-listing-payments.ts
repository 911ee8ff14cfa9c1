// What a listing's new owner must not inherit of how it paid (issue 23, Must 5): its saved cards
// ('removed', none the default: the matcher charges only an active default card), its customer
// at the payment gateway (cleared, so payment setup starts again and no webhook about the old
// customer reaches the listing any more) and a plan running on it (ended here at once, its
// featured flag with it; the caller cancels it at the gateway once the approval has committed,
// so the previous payer is not billed again). The rows stay, for admins. Called by approveClaim
// in its transaction, under the listing's row lock.
import { LIVE_PLAN_STATUSES } from '../../domain/plans.ts';
import type { TransactionSql } from '../platform/db/client.ts';
import { syncFeatured } from '../money/index.ts';

export interface DetachedPayments {
  /** Cards saved on the listing, now 'removed'. */
  cards: number;
  /** The gateway customer the listing had (cleared). */
  customerId: string | null;
  /** Plans that were live on the listing: ended here, to cancel at the gateway after commit. */
  plans: { id: string; plan: string; gatewaySubscriptionId: string | null }[];
}

export async function detachListingPayments(
  tx: TransactionSql,
  businessId: string,
  actorId: string,
): Promise<DetachedPayments> {
  const [business] = await tx<{ customer_id: string | null }[]>`
    select stripe_customer_id as customer_id from businesses where id = ${businessId}`;
  const cards = await tx`
    update payment_methods set status = 'removed', is_default = false
     where business_id = ${businessId} and status <> 'removed'
    returning id`;
  const plans = await tx<{ id: string; plan: string; gatewaySubscriptionId: string | null }[]>`
    update subscriptions set status = 'canceled', cancel_at_period_end = true
     where business_id = ${businessId} and status in ${tx(LIVE_PLAN_STATUSES)}
    returning id, plan, stripe_subscription_id as "gatewaySubscriptionId"`;
  await tx`
    update businesses set stripe_customer_id = null, payment_setup_completed = false, updated_at = now()
     where id = ${businessId}`;
  if (plans.length) await syncFeatured(tx, businessId, actorId);
  return { cards: cards.length, customerId: business?.customer_id ?? null, plans: [...plans] };
}
