// The PaymentGateway port: charge a saved card off-session with an idempotency key. A retry with
// the same key returns the first attempt's result and never charges twice (Stripe's contract,
// which the sandbox follows). Stripe when STRIPE_SECRET_KEY is set; the sandbox otherwise.
import type { PlanId } from '../../../domain/plans.ts';

/** Network failures a gateway call can end in, by Node's and undici's error codes. */
const NETWORK_CODES = /^(ECONNRESET|ECONNREFUSED|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|UND_ERR_[A-Z_]+)$/;

/**
 * Whether `error` is the gateway being unreachable or failing rather than a fault of ours: a
 * timeout or dropped connection (Stripe's StripeConnectionError), its own 5xx (StripeAPIError),
 * its rate limit, a 409 for a request with the same key still in flight, or a network error. A
 * charge cut short that way is settled later by the sweeper with the same idempotency key.
 */
export function isGatewayUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { type, statusCode, code } = error as { type?: unknown; statusCode?: unknown; code?: unknown };
  if (type === 'StripeConnectionError' || type === 'StripeAPIError' || type === 'StripeRateLimitError') {
    return true;
  }
  if (typeof type === 'string' && type.startsWith('Stripe') && typeof statusCode === 'number') {
    return statusCode === 409 || statusCode >= 500;
  }
  return typeof code === 'string' && NETWORK_CODES.test(code);
}

export interface ChargeRequest {
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
  idempotencyKey: string;
  description: string;
  metadata?: Record<string, string>;
}

export type ChargeResult =
  | { status: 'succeeded'; paymentIntentId: string }
  | {
      status: 'failed' | 'requires_action';
      paymentIntentId: string | null;
      declineCode: string;
      message: string;
    };

/** A card is saved on a page the gateway hosts (Stripe Checkout in setup mode, usage
 * off_session), never on ours: we get back where to send the contractor. */
export interface SetupSessionRequest {
  businessId: string;
  /** The business's customer at the gateway; null creates one (stored on the business). */
  customerId: string | null;
  email: string;
  /** Absolute URLs the hosted page sends the contractor back to. */
  returnUrl: string;
  cancelUrl: string;
}

export interface SetupSession {
  url: string;
  sessionId: string;
  customerId: string;
}

/** A charge given back, whole or in part, with an idempotency key (a retry refunds nothing twice). */
export interface RefundRequest {
  paymentIntentId: string;
  amountCents: number;
  idempotencyKey: string;
  reason: 'duplicate' | 'fraudulent' | 'requested_by_customer';
  metadata?: Record<string, string>;
}

export type RefundResult =
  | { status: 'succeeded' | 'pending'; refundId: string }
  | { status: 'failed'; refundId: string | null; message: string };

/** The monthly plans (spec: basic $49, enhanced $99, featured $199; src/domain/plans.ts). */
export type { PlanId };

/** Stripe Checkout in subscription mode: where to send the contractor to start a plan. */
export interface SubscriptionSessionRequest extends SetupSessionRequest {
  plan: PlanId;
}

export interface SubscriptionState {
  subscriptionId: string;
  plan: PlanId;
  status: 'active' | 'trialing' | 'past_due' | 'canceled' | 'incomplete';
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
}

/**
 * What a plan change will cost, as the gateway will bill it (Stripe's upcoming-invoice preview,
 * invoices.createPreview, with the change and its proration date; the sandbox computes the same).
 * The change is prorated onto the next invoice (proration_behavior create_prorations): nothing
 * is charged at the moment of the change.
 */
export interface PlanChangePreview {
  plan: PlanId;
  /** The new plan's monthly price. */
  priceCents: number;
  /** The proration for the rest of the current period: the new plan's remaining time less the
   * old plan's unused time (negative: a credit). Billed on the next invoice. */
  prorationCents: number;
  /** The next invoice: the new plan's next month plus the proration. */
  nextInvoiceCents: number;
  /** When the next invoice is billed (the current period's end). */
  nextInvoiceAt: Date;
  /** The moment the proration is computed for: a change made with it bills exactly this. */
  prorationDate: Date;
}

/** A Checkout session in subscription mode read back (on the contractor's return from it). */
export interface SubscriptionSessionResult {
  /** The business the session was made for (its metadata), null when it has none. */
  businessId: string | null;
  customerId: string | null;
  /** Null until the session is completed. */
  subscription: SubscriptionState | null;
}

/** A period of charges to list: created at or after `since`, before `until`. */
export interface ChargeListRequest {
  since: Date;
  until: Date;
}

/** A charge attempt as the gateway holds it (revenue validation reads these against our ledger). */
export interface GatewayCharge {
  /** The PaymentIntent id: what payment_transactions.stripe_payment_intent_id records. */
  paymentIntentId: string;
  amountCents: number;
  /** How much of it was given back. */
  amountRefundedCents: number;
  /** 'succeeded' when the money was taken; 'failed' declined; 'pending' neither yet. */
  status: 'succeeded' | 'failed' | 'pending';
  created: Date;
}

export interface PaymentGateway {
  readonly name: 'sandbox' | 'stripe';
  charge(request: ChargeRequest): Promise<ChargeResult>;
  createSetupSession(request: SetupSessionRequest): Promise<SetupSession>;
  /** Gives a charge back through the gateway (automatic credits). */
  refund(request: RefundRequest): Promise<RefundResult>;
  /** The receipt page of a succeeded charge, or null when the gateway has none. */
  receiptUrl(paymentIntentId: string): Promise<string | null>;
  /** Where to send the contractor to start `plan` (Checkout, subscription mode). */
  createSubscriptionSession(request: SubscriptionSessionRequest): Promise<SetupSession>;
  /** Changes the plan, prorated onto the next invoice as of `prorationDate` (default now): the
   * moment a preview was shown, so the contractor is billed what they were shown. */
  changeSubscription(subscriptionId: string, plan: PlanId, prorationDate?: Date): Promise<SubscriptionState>;
  /** What changing to `plan` as of `prorationDate` will bill, without changing anything. */
  previewPlanChange(subscriptionId: string, plan: PlanId, prorationDate: Date): Promise<PlanChangePreview>;
  /** Cancels at the end of the paid period (Stripe: cancel_at_period_end). */
  cancelSubscription(subscriptionId: string): Promise<SubscriptionState>;
  /** A Customer Portal session (cards, invoices, plan), opened in a new tab. */
  createPortalSession(request: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /** The subscription a Checkout session (subscription mode) made, read back from the gateway. */
  subscriptionOfSession(sessionId: string): Promise<SubscriptionSessionResult>;
  /** Every charge attempt created in the period, all pages read, oldest first. */
  listCharges(request: ChargeListRequest): Promise<GatewayCharge[]>;
}

/** The plan methods (subscriptions and the billing portal), which each gateway builds apart. */
export type PlanMethods = Pick<
  PaymentGateway,
  | 'createSubscriptionSession'
  | 'changeSubscription'
  | 'previewPlanChange'
  | 'cancelSubscription'
  | 'createPortalSession'
  | 'subscriptionOfSession'
>;
