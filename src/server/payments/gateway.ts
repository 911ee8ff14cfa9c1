// The PaymentGateway port: charge a saved card off-session with an idempotency key. A retry with
// the same key returns the first attempt's result and never charges twice (Stripe's contract,
// which the sandbox follows). Stripe when STRIPE_SECRET_KEY is set; the sandbox otherwise.
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

export interface PaymentGateway {
  readonly name: 'sandbox' | 'stripe';
  charge(request: ChargeRequest): Promise<ChargeResult>;
  createSetupSession(request: SetupSessionRequest): Promise<SetupSession>;
}
