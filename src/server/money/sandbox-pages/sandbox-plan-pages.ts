// The server side of the sandbox's stand-ins of Stripe Checkout in subscription mode
// (/sandbox/checkout/subscription) and of the Customer Portal (/sandbox/portal). Both exist only
// while the sandbox is the gateway, and only for the signed-in owner of the business the session
// was made for (null otherwise: the page answers 404). The plan's first month is charged to the
// card saved through payment setup (a transaction row); a card that declines is refused with its
// message.
import { createHash } from 'node:crypto';
import { planChargeKey, planPaymentDescription } from '../../../domain/plan-payments.ts';
import { isPlanId, PLAN_MESSAGES, PLANS, type PlanId } from '../../../domain/plans.ts';
import type { BillingPaymentMethod } from '../../../schemas/billing.ts';
import type { Sql } from '../../platform/db/client.ts';
import { recordPlanPayment } from '../plans/record-plan-payment.ts';
import { recordSubscription } from '../plans/record-subscription.ts';
import type { PaymentGateway, SubscriptionState } from '../gateway/gateway.ts';
import { sandboxState, type SandboxSubscriptionRow } from '../gateway/sandbox-plans.ts';

/** The saved card the hosted page shows, as billing lists it. */
type SandboxCard = Pick<
  BillingPaymentMethod,
  'id' | 'brand' | 'last4' | 'expiryMonth' | 'expiryYear' | 'isDefault'
>;

export interface SandboxSubscriptionSession {
  id: string;
  businessId: string;
  businessName: string;
  customerId: string;
  plan: PlanId;
  returnUrl: string;
  cancelUrl: string;
  status: 'open' | 'complete';
  /** The card the plan is paid with (the business's default), null when none is saved. */
  card: SandboxCard | null;
}

/** Stripe puts the session's id in a success URL where it says {CHECKOUT_SESSION_ID}. */
const withSessionId = (url: string, sessionId: string): string =>
  url.replace('{CHECKOUT_SESSION_ID}', sessionId);

async function defaultCard(sql: Sql, businessId: string, customerId: string): Promise<SandboxCard | null> {
  const [card] = await sql<SandboxCard[]>`
    select pm.gateway_payment_method_id as id, pm.brand, pm.last4, pm.expiry_month as "expiryMonth",
           pm.expiry_year as "expiryYear", pm.is_default as "isDefault"
      from payment_methods pm
      join sandbox_payment_methods s on s.id = pm.gateway_payment_method_id and s.customer_id = ${customerId}
     where pm.business_id = ${businessId} and pm.is_default and pm.status = 'active'`;
  return card ?? null;
}

export async function findSubscriptionSession(
  sql: Sql,
  gateway: Pick<PaymentGateway, 'name'>,
  sessionId: string,
  ownerId: string | null,
): Promise<SandboxSubscriptionSession | null> {
  if (gateway.name !== 'sandbox' || !ownerId || !/^cs_sbx_[0-9a-f]{32}$/.test(sessionId)) return null;
  const [row] = await sql<Omit<SandboxSubscriptionSession, 'card'>[]>`
    select s.id, s.business_id as "businessId", b.name as "businessName",
           coalesce(b.stripe_customer_id, s.customer_id) as "customerId", s.plan,
           s.return_url as "returnUrl", s.cancel_url as "cancelUrl", s.status
      from sandbox_subscription_sessions s join businesses b on b.id = s.business_id
     where s.id = ${sessionId} and b.owner_id = ${ownerId} and s.expires_at > now()`;
  if (!row) return null;
  return { ...row, card: await defaultCard(sql, row.businessId, row.customerId) };
}

export type SubscribeOutcome =
  { kind: 'subscribed'; returnUrl: string } | { kind: 'refused'; message: string };

export const SANDBOX_PLAN_MESSAGES = { cardNeeded: PLAN_MESSAGES.cardNeeded } as const;

/** The sandbox subscription a session makes when paid with `cardId`: the same for a replayed post
 * (so its charge's idempotency key is too), another for another card (a new attempt). */
const subscriptionIdOf = (sessionId: string, cardId: string): string =>
  `sub_sbx_${createHash('sha256').update(`${sessionId}:${cardId}`).digest('hex').slice(0, 24)}`;

/**
 * Starts the session's plan with the saved card, once: the plan's first month is charged to the
 * card off-session (key per subscription and period), and only a succeeded charge makes the
 * subscription and its paid transaction, in one transaction. A declining card is refused with its
 * message and writes nothing of ours (as on Stripe's hosted page, where a decline makes no
 * invoice). A second post of a completed session makes nothing and goes back again. Null when the
 * session is not the caller's (404).
 */
export async function completeSubscriptionSession(
  sql: Sql,
  gateway: Pick<PaymentGateway, 'name' | 'charge'>,
  sessionId: string,
  ownerId: string | null,
  userId: string | null = ownerId,
): Promise<SubscribeOutcome | null> {
  const found = await findSubscriptionSession(sql, gateway, sessionId, ownerId);
  if (!found) return null;
  const back = { kind: 'subscribed', returnUrl: withSessionId(found.returnUrl, found.id) } as const;
  if (found.status === 'complete') return back;
  const card = found.card;
  if (!card) return { kind: 'refused', message: SANDBOX_PLAN_MESSAGES.cardNeeded };

  const subscriptionId = subscriptionIdOf(found.id, card.id);
  const periodStart = new Date();
  const plan = PLANS[found.plan];
  // Never under a lock: two posts at once send the same key, and the gateway charges once.
  const charge = await gateway.charge({
    customerId: found.customerId,
    paymentMethodId: card.id,
    amountCents: plan.priceCents,
    idempotencyKey: planChargeKey(subscriptionId, periodStart),
    description: `${plan.name} plan`,
    metadata: { businessId: found.businessId, subscriptionId, plan: found.plan },
  });
  if (charge.status !== 'succeeded') return { kind: 'refused', message: charge.message };

  const state = await sql.begin(async (tx) => {
    // The session row locked: two posts at once start one plan.
    const [session] = await tx<{ status: string }[]>`
      select status from sandbox_subscription_sessions where id = ${found.id} for update`;
    if (session!.status === 'complete') return null;
    const [row] = await tx<SandboxSubscriptionRow[]>`
      insert into sandbox_subscriptions (id, customer_id, business_id, plan, payment_method_id,
                                         current_period_start, current_period_end)
      values (${subscriptionId}, ${found.customerId}, ${found.businessId}, ${found.plan}, ${card.id},
              ${periodStart}, ${periodStart}::timestamptz + interval '1 month')
      returning id, plan, status, current_period_start, current_period_end, cancel_at_period_end`;
    await tx`
      update sandbox_subscription_sessions set status = 'complete', subscription_id = ${subscriptionId}
       where id = ${found.id}`;
    const started = sandboxState(row!);
    await recordPlanPayment(tx, {
      businessId: found.businessId,
      idempotencyKey: planChargeKey(subscriptionId, periodStart),
      amountCents: plan.priceCents,
      status: 'paid',
      description: planPaymentDescription(found.plan, started.currentPeriodStart, started.currentPeriodEnd),
      paymentIntentId: charge.paymentIntentId,
      receiptUrl: null,
      failureMessage: null,
      createdAt: periodStart,
    });
    return started;
  });
  if (state) await recordSubscription(sql, found.businessId, state, userId);
  return back;
}

export interface SandboxPortal {
  id: string;
  businessId: string;
  businessName: string;
  returnUrl: string;
  cards: SandboxCard[];
  subscription: SubscriptionState | null;
}

export async function findPortalSession(
  sql: Sql,
  gateway: Pick<PaymentGateway, 'name'>,
  sessionId: string,
  ownerId: string | null,
): Promise<SandboxPortal | null> {
  if (gateway.name !== 'sandbox' || !ownerId || !/^bps_sbx_[0-9a-f]{32}$/.test(sessionId)) return null;
  const [row] = await sql<
    { id: string; businessId: string; businessName: string; returnUrl: string; customerId: string }[]
  >`
    select p.id, b.id as "businessId", b.name as "businessName", p.return_url as "returnUrl",
           p.customer_id as "customerId"
      from sandbox_portal_sessions p join businesses b on b.stripe_customer_id = p.customer_id
     where p.id = ${sessionId} and b.owner_id = ${ownerId} and p.expires_at > now()
     order by b.created_at, b.id limit 1`;
  if (!row) return null;
  const cards = await sql<SandboxCard[]>`
    select pm.gateway_payment_method_id as id, pm.brand, pm.last4, pm.expiry_month as "expiryMonth",
           pm.expiry_year as "expiryYear", pm.is_default as "isDefault"
      from payment_methods pm
     where pm.business_id = ${row.businessId} and pm.status <> 'removed'
     order by pm.is_default desc, pm.created_at desc`;
  const [subscription] = await sql<SandboxSubscriptionRow[]>`
    select id, plan, status, current_period_start, current_period_end, cancel_at_period_end
      from sandbox_subscriptions
     where customer_id = ${row.customerId} and business_id = ${row.businessId} and status <> 'canceled'
     order by created_at desc limit 1`;
  return {
    id: row.id,
    businessId: row.businessId,
    businessName: row.businessName,
    returnUrl: row.returnUrl,
    cards,
    subscription: subscription ? sandboxState(subscription) : null,
  };
}

export type PortalAction = { action: 'change'; plan: string } | { action: 'cancel' };

/** Changes or cancels the portal's plan as Stripe's portal would, and records it. */
export async function portalAction(
  sql: Sql,
  gateway: PaymentGateway,
  sessionId: string,
  ownerId: string | null,
  request: PortalAction,
): Promise<{ ok: boolean; message: string } | null> {
  const portal = await findPortalSession(sql, gateway, sessionId, ownerId);
  if (!portal) return null;
  const live = portal.subscription;
  if (!live) return { ok: false, message: PLAN_MESSAGES.noPlan };
  let state: SubscriptionState;
  if (request.action === 'cancel') {
    state = await gateway.cancelSubscription(live.subscriptionId);
  } else {
    if (!isPlanId(request.plan)) return { ok: false, message: 'Choose a plan.' };
    if (request.plan === live.plan && !live.cancelAtPeriodEnd)
      return { ok: false, message: PLAN_MESSAGES.samePlan };
    state = await gateway.changeSubscription(live.subscriptionId, request.plan);
  }
  await recordSubscription(sql, portal.businessId, state, ownerId);
  return {
    ok: true,
    message:
      request.action === 'cancel' ? PLAN_MESSAGES.canceled : `Your plan is now ${PLANS[state.plan].name}.`,
  };
}
