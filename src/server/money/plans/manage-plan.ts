// What a contractor does with their plan (POST /api/contractor/billing/plan): start one on the
// gateway's hosted Checkout page, change it (prorated by the gateway) or cancel it at the end of
// the paid period. Always the caller's own business; its live subscription is found here, never
// taken from the request.
import {
  LIVE_PLAN_STATUSES,
  PLAN_MESSAGES,
  PLAN_PREVIEW_MAX_AGE_MINUTES,
  PLANS,
  type PlanId,
} from '../../../domain/plans.ts';
import type { PlanPreview } from '../../../schemas/plans.ts';
import type { OwnedBusiness } from '../../accounts/index.ts';
import type { Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { PaymentGateway } from '../gateway/gateway.ts';
import { recordSubscription } from './record-subscription.ts';

/** Where Checkout sends the contractor back ({CHECKOUT_SESSION_ID}: Stripe's placeholder). */
const PLAN_RETURN_PATH = '/contractor/billing?tab=subscription&checkout={CHECKOUT_SESSION_ID}';
const PLAN_CANCEL_PATH = '/contractor/billing?tab=subscription';

interface LivePlan {
  plan: PlanId;
  subscriptionId: string | null;
  cancelAtPeriodEnd: boolean;
}

async function livePlan(sql: Sql, businessId: string): Promise<LivePlan | null> {
  const [row] = await sql<LivePlan[]>`
    select plan, stripe_subscription_id as "subscriptionId", cancel_at_period_end as "cancelAtPeriodEnd"
      from subscriptions
     where business_id = ${businessId} and status in ${sql(LIVE_PLAN_STATUSES)}
     limit 1`;
  return row ?? null;
}

export async function startPlan(
  sql: Sql,
  gateway: PaymentGateway,
  business: Pick<OwnedBusiness, 'id' | 'stripeCustomerId'>,
  email: string,
  origin: string,
  plan: PlanId,
): Promise<{ url: string }> {
  if (await livePlan(sql, business.id)) throw new AppError('CONFLICT', PLAN_MESSAGES.alreadySubscribed);
  const session = await gateway.createSubscriptionSession({
    businessId: business.id,
    customerId: business.stripeCustomerId,
    email,
    plan,
    // Built by hand: URL would escape Stripe's {CHECKOUT_SESSION_ID} placeholder.
    returnUrl: `${new URL(origin).origin}${PLAN_RETURN_PATH}`,
    cancelUrl: new URL(PLAN_CANCEL_PATH, origin).toString(),
  });
  // The first customer stays the business's (as payment setup does).
  await sql`
    update businesses set stripe_customer_id = ${session.customerId}
     where id = ${business.id} and stripe_customer_id is null`;
  return { url: session.url };
}

async function requireLive(sql: Sql, businessId: string): Promise<LivePlan & { subscriptionId: string }> {
  const live = await livePlan(sql, businessId);
  if (!live?.subscriptionId) throw new AppError('NOT_FOUND', PLAN_MESSAGES.noPlan);
  return live as LivePlan & { subscriptionId: string };
}

/**
 * What changing to `plan` now will bill, before anything changes (the confirmation states it):
 * the new price, the proration for the rest of the period, the next invoice and its date, and
 * the moment the proration is computed for, which the change then names.
 */
export async function previewPlan(
  sql: Sql,
  gateway: PaymentGateway,
  businessId: string,
  plan: PlanId,
  now: Date = new Date(),
): Promise<PlanPreview> {
  const live = await requireLive(sql, businessId);
  if (live.plan === plan && !live.cancelAtPeriodEnd) throw new AppError('CONFLICT', PLAN_MESSAGES.samePlan);
  const preview = await gateway.previewPlanChange(live.subscriptionId, plan, now);
  return {
    from: live.plan,
    fromPriceCents: PLANS[live.plan].priceCents,
    plan,
    priceCents: preview.priceCents,
    prorationCents: preview.prorationCents,
    nextInvoiceCents: preview.nextInvoiceCents,
    nextInvoiceAt: preview.nextInvoiceAt.toISOString(),
    prorationDate: Math.floor(preview.prorationDate.getTime() / 1000),
  };
}

/** A proration date a change may name: one a preview gave in the last 30 minutes. */
function checkedProrationDate(prorationDate: number | undefined, now: Date): Date | undefined {
  if (prorationDate === undefined) return undefined;
  const at = new Date(prorationDate * 1000);
  const age = now.getTime() - at.getTime();
  if (age < -60_000 || age > PLAN_PREVIEW_MAX_AGE_MINUTES * 60_000) {
    throw new AppError('CONFLICT', PLAN_MESSAGES.previewStale);
  }
  return at;
}

export async function changePlan(
  sql: Sql,
  gateway: PaymentGateway,
  businessId: string,
  plan: PlanId,
  userId: string,
  prorationDate?: number,
  now: Date = new Date(),
): Promise<{ message: string }> {
  const at = checkedProrationDate(prorationDate, now);
  const live = await requireLive(sql, businessId);
  if (live.plan === plan && !live.cancelAtPeriodEnd) throw new AppError('CONFLICT', PLAN_MESSAGES.samePlan);
  const state = await gateway.changeSubscription(live.subscriptionId, plan, at);
  await recordSubscription(sql, businessId, state, userId);
  return { message: PLAN_MESSAGES.changed };
}

export async function cancelPlan(
  sql: Sql,
  gateway: PaymentGateway,
  businessId: string,
  userId: string,
): Promise<{ message: string }> {
  const live = await requireLive(sql, businessId);
  const state = await gateway.cancelSubscription(live.subscriptionId);
  await recordSubscription(sql, businessId, state, userId);
  return { message: PLAN_MESSAGES.canceled };
}

/**
 * On the return from Checkout: the session read back from the gateway and its subscription
 * recorded, if the session was made for this business (another's is ignored, never revealed).
 */
export async function settlePlanCheckout(
  sql: Sql,
  gateway: PaymentGateway,
  businessId: string,
  sessionId: string,
  userId: string | null,
): Promise<boolean> {
  if (!/^cs_[A-Za-z0-9_]{1,200}$/.test(sessionId)) return false;
  const result = await gateway.subscriptionOfSession(sessionId).catch(() => null);
  if (!result || result.businessId !== businessId || !result.subscription) return false;
  await recordSubscription(sql, businessId, result.subscription, userId);
  return true;
}

/** A Customer Portal session for the caller's customer, returning to the billing page. */
export async function openPortal(
  gateway: PaymentGateway,
  business: Pick<OwnedBusiness, 'stripeCustomerId'>,
  origin: string,
): Promise<{ url: string }> {
  if (!business.stripeCustomerId) {
    throw new AppError('CONFLICT', 'There is nothing to manage yet: save a card or start a plan first.');
  }
  return gateway.createPortalSession({
    customerId: business.stripeCustomerId,
    returnUrl: new URL('/contractor/billing', origin).toString(),
  });
}
