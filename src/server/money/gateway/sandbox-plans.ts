// The sandbox gateway's plans and portal (Stripe Billing's behaviour, state in Postgres):
// Checkout in subscription mode completed on the local stand-in page /sandbox/checkout/subscription,
// plan changes with the preview of what they bill (Stripe's proration, computed the same way;
// the sandbox has no renewals, so no money moves), cancel at the period's end, and Customer
// Portal sessions shown by /sandbox/portal. Spread into the sandbox gateway.
import { randomBytes } from 'node:crypto';
import { PLANS, prorationCents } from '../../../domain/plans.ts';
import { AppError } from '../../platform/errors.ts';
import type { Db } from '../../platform/db/client.ts';
import type {
  PlanMethods,
  PlanChangePreview,
  PlanId,
  SetupSession,
  SubscriptionSessionRequest,
  SubscriptionSessionResult,
  SubscriptionState,
} from './gateway.ts';

/** The sandbox's stand-ins of Stripe's hosted Checkout (subscription mode) and Customer Portal. */
const SANDBOX_SUBSCRIPTION_PATH = '/sandbox/checkout/subscription';
const SANDBOX_PORTAL_PATH = '/sandbox/portal';

export interface SandboxSubscriptionRow {
  id: string;
  plan: PlanId;
  status: 'active' | 'past_due' | 'canceled';
  current_period_start: Date;
  current_period_end: Date;
  cancel_at_period_end: boolean;
}

export function sandboxState(row: SandboxSubscriptionRow): SubscriptionState {
  return {
    subscriptionId: row.id,
    plan: row.plan,
    status: row.status,
    currentPeriodStart: new Date(row.current_period_start),
    currentPeriodEnd: new Date(row.current_period_end),
    cancelAtPeriodEnd: row.cancel_at_period_end,
  };
}

const missing = (id: string) => new AppError('NOT_FOUND', `No such subscription: '${id}'`);

export function sandboxPlans(sql: Db): PlanMethods {
  return {
    async createSubscriptionSession(request: SubscriptionSessionRequest): Promise<SetupSession> {
      const customerId = request.customerId ?? `cus_sbx_${randomBytes(12).toString('hex')}`;
      const sessionId = `cs_sbx_${randomBytes(16).toString('hex')}`;
      await sql`
        insert into sandbox_subscription_sessions (id, business_id, customer_id, plan, return_url, cancel_url)
        values (${sessionId}, ${request.businessId}, ${customerId}, ${request.plan}, ${request.returnUrl},
                ${request.cancelUrl})`;
      const url = new URL(SANDBOX_SUBSCRIPTION_PATH, request.returnUrl);
      url.searchParams.set('session', sessionId);
      return { url: url.toString(), sessionId, customerId };
    },

    async changeSubscription(subscriptionId: string, plan: PlanId): Promise<SubscriptionState> {
      // A change takes back a pending cancellation, as Stripe's portal does.
      const [row] = await sql<SandboxSubscriptionRow[]>`
        update sandbox_subscriptions set plan = ${plan}, cancel_at_period_end = false
         where id = ${subscriptionId} and status <> 'canceled'
        returning id, plan, status, current_period_start, current_period_end, cancel_at_period_end`;
      if (!row) throw missing(subscriptionId);
      return sandboxState(row);
    },

    async previewPlanChange(
      subscriptionId: string,
      plan: PlanId,
      prorationDate: Date,
    ): Promise<PlanChangePreview> {
      const [row] = await sql<SandboxSubscriptionRow[]>`
        select id, plan, status, current_period_start, current_period_end, cancel_at_period_end
          from sandbox_subscriptions where id = ${subscriptionId} and status <> 'canceled'`;
      if (!row) throw missing(subscriptionId);
      const state = sandboxState(row);
      const priceCents = PLANS[plan].priceCents;
      const proration = prorationCents(
        PLANS[state.plan].priceCents,
        priceCents,
        { start: state.currentPeriodStart, end: state.currentPeriodEnd },
        prorationDate,
      );
      return {
        plan,
        priceCents,
        prorationCents: proration,
        // As Stripe: an invoice never goes below zero; the rest of a credit stays for the next.
        nextInvoiceCents: Math.max(priceCents + proration, 0),
        nextInvoiceAt: state.currentPeriodEnd,
        prorationDate: new Date(Math.floor(prorationDate.getTime() / 1000) * 1000),
      };
    },

    async cancelSubscription(subscriptionId: string): Promise<SubscriptionState> {
      const [row] = await sql<SandboxSubscriptionRow[]>`
        update sandbox_subscriptions set cancel_at_period_end = true
         where id = ${subscriptionId} and status <> 'canceled'
        returning id, plan, status, current_period_start, current_period_end, cancel_at_period_end`;
      if (!row) throw missing(subscriptionId);
      return sandboxState(row);
    },

    async createPortalSession(request: { customerId: string; returnUrl: string }): Promise<{ url: string }> {
      const id = `bps_sbx_${randomBytes(16).toString('hex')}`;
      await sql`
        insert into sandbox_portal_sessions (id, customer_id, return_url)
        values (${id}, ${request.customerId}, ${request.returnUrl})`;
      const url = new URL(SANDBOX_PORTAL_PATH, request.returnUrl);
      url.searchParams.set('session', id);
      return { url: url.toString() };
    },

    async subscriptionOfSession(sessionId: string): Promise<SubscriptionSessionResult> {
      const [session] = await sql<
        { business_id: string; customer_id: string; subscription_id: string | null }[]
      >`
        select business_id, customer_id, subscription_id from sandbox_subscription_sessions
         where id = ${sessionId}`;
      if (!session) return { businessId: null, customerId: null, subscription: null };
      const [row] = session.subscription_id
        ? await sql<SandboxSubscriptionRow[]>`
            select id, plan, status, current_period_start, current_period_end, cancel_at_period_end
              from sandbox_subscriptions where id = ${session.subscription_id}`
        : [];
      return {
        businessId: session.business_id,
        customerId: session.customer_id,
        subscription: row ? sandboxState(row) : null,
      };
    },
  };
}
