// The sandbox gateway (embedded default, tests, demo accounts): Stripe's test-card behaviour with
// its state in Postgres, so a charge survives restarts and a retried idempotency key returns the
// first result. 4242... succeeds; 4000000000000002 declines; ...9995 insufficient funds;
// 4000002760003184 needs authentication (off-session: not completed); ...0069 expired.
import { randomBytes } from 'node:crypto';
import { sandboxRefunds } from './sandbox-refunds.ts';
import { sandboxPlans } from './sandbox-plans.ts';
import { sandboxCharges } from './sandbox-charges.ts';
import type { Db } from '../../platform/db/client.ts';
import type {
  ChargeRequest,
  ChargeResult,
  PaymentGateway,
  SetupSession,
  SetupSessionRequest,
} from './gateway.ts';

export const OUTCOMES: Record<
  string,
  { status: 'requires_payment_method' | 'requires_action'; code: string; message: string }
> = {
  '4000000000000002': {
    status: 'requires_payment_method',
    code: 'card_declined',
    message: 'Your card was declined.',
  },
  '4000000000009995': {
    status: 'requires_payment_method',
    code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000002760003184': {
    status: 'requires_action',
    code: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
  },
  '4000000000000069': {
    status: 'requires_payment_method',
    code: 'expired_card',
    message: 'Your card has expired.',
  },
};

interface IntentRow {
  id: string;
  status: 'succeeded' | 'requires_payment_method' | 'requires_action';
  decline_code: string | null;
  error_message: string | null;
}

function toResult(row: IntentRow): ChargeResult {
  if (row.status === 'succeeded') return { status: 'succeeded', paymentIntentId: row.id };
  return {
    status: row.status === 'requires_action' ? 'requires_action' : 'failed',
    paymentIntentId: row.id,
    declineCode: row.decline_code ?? 'card_declined',
    message: row.error_message ?? 'Your card was declined.',
  };
}

export function createSandboxGateway(sql: Db): PaymentGateway {
  return {
    name: 'sandbox',
    ...sandboxRefunds(sql),
    ...sandboxPlans(sql),
    ...sandboxCharges(sql),
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      const [previous] = await sql<IntentRow[]>`
        select id, status, decline_code, error_message from sandbox_payment_intents
        where idempotency_key = ${request.idempotencyKey}`;
      if (previous) return toResult(previous);
      const [card] = await sql<{ card_number: string; exp_month: number; exp_year: number }[]>`
        select card_number, exp_month, exp_year from sandbox_payment_methods
        where id = ${request.paymentMethodId} and customer_id = ${request.customerId}`;
      if (!card) {
        return {
          status: 'failed',
          paymentIntentId: null,
          declineCode: 'resource_missing',
          message: 'No such payment method.',
        };
      }
      const now = new Date();
      const expired =
        card.exp_year < now.getUTCFullYear() ||
        (card.exp_year === now.getUTCFullYear() && card.exp_month < now.getUTCMonth() + 1);
      const outcome = expired
        ? {
            status: 'requires_payment_method' as const,
            code: 'expired_card',
            message: 'Your card has expired.',
          }
        : OUTCOMES[card.card_number];
      const id = `pi_sandbox_${randomBytes(12).toString('hex')}`;
      // A concurrent attempt with the same key inserts nothing here and reads the first result.
      await sql`
        insert into sandbox_payment_intents
          (id, idempotency_key, customer_id, payment_method_id, amount_cents, status, decline_code, error_message)
        values (${id}, ${request.idempotencyKey}, ${request.customerId}, ${request.paymentMethodId},
                ${request.amountCents}, ${outcome?.status ?? 'succeeded'}, ${outcome?.code ?? null},
                ${outcome?.message ?? null})
        on conflict (idempotency_key) do nothing`;
      const [stored] = await sql<IntentRow[]>`
        select id, status, decline_code, error_message from sandbox_payment_intents
        where idempotency_key = ${request.idempotencyKey}`;
      return toResult(stored!);
    },

    // Stripe Checkout in setup mode, locally: a customer when the business has none, and a
    // session bound to that business, completed on the stand-in page /sandbox/checkout/setup.
    async createSetupSession(request: SetupSessionRequest): Promise<SetupSession> {
      const customerId = request.customerId ?? `cus_sbx_${randomBytes(12).toString('hex')}`;
      const sessionId = `cs_sbx_${randomBytes(16).toString('hex')}`;
      await sql`
        insert into sandbox_setup_sessions (id, business_id, customer_id, return_url, cancel_url)
        values (${sessionId}, ${request.businessId}, ${customerId}, ${request.returnUrl}, ${request.cancelUrl})`;
      const url = new URL(SANDBOX_SETUP_PATH, request.returnUrl);
      url.searchParams.set('session', sessionId);
      return { url: url.toString(), sessionId, customerId };
    },
  };
}

/** The sandbox's stand-in of Stripe's hosted setup page. */
const SANDBOX_SETUP_PATH = '/sandbox/checkout/setup';
