// Writes what the gateway says of a subscription into `subscriptions`, one row per gateway id, and
// keeps the business's featured flag in step with a live featured plan (a publish request when it
// changes, since public pages show it). Called on the return from Checkout, by the sandbox's
// stand-in pages, after a change or cancel, and by the webhook handlers: each passes the state it
// has just read from the gateway, so duplicates and any order of calls end in the same state.
import { LIVE_PLAN_STATUSES, PLANS, PLAN_IDS } from '../../../domain/plans.ts';
import type { Sql, TransactionSql } from '../../platform/db/client.ts';
import type { SubscriptionState } from '../gateway/gateway.ts';
import { requestPublish } from '../../platform/publish/request-publish.ts';

const FEATURED_PLANS = PLAN_IDS.filter((id) => PLANS[id].featured);

export async function recordSubscription(
  sql: Sql,
  businessId: string,
  state: SubscriptionState,
  requestedBy: string | null = null,
): Promise<void> {
  // Nothing is paid for yet: no plan until the first invoice is (Stripe's 'incomplete').
  if (state.status === 'incomplete') return;
  await sql.begin(async (tx) => {
    // One writer per business at a time: the one-live-plan rule and the featured flag.
    await tx`select id from businesses where id = ${businessId} for update`;
    const live = (LIVE_PLAN_STATUSES as readonly string[]).includes(state.status);
    if (live) {
      // The gateway says this one is live now: any other the business had has been replaced.
      await tx`
        update subscriptions set status = 'canceled'
         where business_id = ${businessId} and status in ${tx(LIVE_PLAN_STATUSES)}
           and stripe_subscription_id is distinct from ${state.subscriptionId}`;
    }
    await tx`
      insert into subscriptions (business_id, plan, status, price_cents, current_period_start,
                                 current_period_end, stripe_subscription_id, cancel_at_period_end)
      values (${businessId}, ${state.plan}, ${state.status}, ${PLANS[state.plan].priceCents},
              ${state.currentPeriodStart}, ${state.currentPeriodEnd}, ${state.subscriptionId},
              ${state.cancelAtPeriodEnd})
      on conflict (stripe_subscription_id) where stripe_subscription_id is not null do update
        set plan = excluded.plan, status = excluded.status, price_cents = excluded.price_cents,
            current_period_start = excluded.current_period_start,
            current_period_end = excluded.current_period_end,
            cancel_at_period_end = excluded.cancel_at_period_end
      where subscriptions.business_id = excluded.business_id`;
    await syncFeatured(tx, businessId, requestedBy);
  });
}

/** businesses.featured follows a live featured plan; a flag set otherwise is left alone. */
export async function syncFeatured(
  tx: TransactionSql,
  businessId: string,
  requestedBy: string | null,
): Promise<void> {
  const [row] = await tx<{ wants: boolean }[]>`
    select exists (select 1 from subscriptions
                    where business_id = ${businessId} and plan in ${tx(FEATURED_PLANS)}
                      and status in ${tx(LIVE_PLAN_STATUSES)}) as wants`;
  const changed = row!.wants
    ? await tx`
        update businesses set featured = true, featured_by_plan = true
         where id = ${businessId} and not featured returning id`
    : await tx`
        update businesses set featured = false, featured_by_plan = false
         where id = ${businessId} and featured_by_plan returning id`;
  if (changed.length) {
    await requestPublish(tx, {
      reason: row!.wants ? 'Featured plan started' : 'Featured plan ended',
      entityType: 'business',
      entityId: businessId,
      requestedBy,
    });
  }
}
