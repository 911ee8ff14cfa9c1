// The two PaymentGateway adapters for the contract suite (tests/integration/contract/): the sandbox on the
// test database, and Stripe's adapter with the real stripe SDK against the stand-in of Stripe's
// API. A contract test is written once and run against both, so they cannot drift apart.
// `savedCard` arranges what the gateway would hold after a card was saved through its hosted page.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { Sql } from '../../src/server/platform/db/client.ts';
import type { PaymentGateway, SetupSession } from '../../src/server/money/gateway/gateway.ts';
import { createSandboxGateway } from '../../src/server/money/gateway/sandbox-gateway.ts';
import { completeSetupSession } from '../../src/server/money/sandbox-pages/sandbox-setup.ts';
import { createStripeClient, createStripeGateway } from '../../src/server/money/gateway/stripe-gateway.ts';
import { recordSetupSession } from '../../src/server/money/gateway/stripe-setup-record.ts';
import { completeCheckoutSetup } from './stripe-stand-in/checkout-sessions.ts';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in/index.ts';

/** Stripe's test cards by behaviour, as each gateway names them. */
export type TestCard = 'visa' | 'declined' | 'insufficient_funds' | 'authentication_required' | 'expired';

export interface GatewayUnderTest {
  name: 'sandbox' | 'stripe';
  gateway: PaymentGateway;
  /** A customer with `card` saved as its payment method. */
  savedCard(card: TestCard): Promise<{ customerId: string; paymentMethodId: string }>;
  /** The stand-in of Stripe's API (the stripe adapter only). */
  standIn?: StripeStandIn;
  /**
   * Saves `card` on the session's hosted page stand-in as the contractor would (the sandbox's
   * /sandbox/checkout/setup form, or Stripe's Checkout page then the return to the success URL);
   * answers the payment method recorded on the session's business. The business must own the
   * session's customer (stripe_customer_id), as startPaymentSetup leaves it.
   */
  completeSetup(session: SetupSession, card: SetupCard): Promise<{ paymentMethodId: string }>;
}

/** The test cards a hosted setup page saves. */
type SetupCard = 'visa' | 'mastercard';

const SANDBOX_NUMBERS: Record<TestCard, string> = {
  visa: '4242424242424242',
  declined: '4000000000000002',
  insufficient_funds: '4000000000009995',
  authentication_required: '4000002760003184',
  expired: '4000000000000069',
};

/** Stripe's test PaymentMethods (https://docs.stripe.com/testing). */
const STRIPE_METHODS: Record<TestCard, string> = {
  visa: 'pm_card_visa',
  declined: 'pm_card_chargeDeclined',
  insufficient_funds: 'pm_card_chargeDeclinedInsufficientFunds',
  authentication_required: 'pm_card_authenticationRequired',
  expired: 'pm_card_chargeDeclinedExpiredCard',
};

/**
 * Both gateways, ready in beforeAll (the stand-in closed in afterAll). Use with
 * `describe.each(gatewaysUnderTest(sql))('$name', (under) => ...)`: the objects are filled in
 * before the tests run.
 */
export function gatewaysUnderTest(sql: Sql): GatewayUnderTest[] {
  const savedMethod = async (session: SetupSession) => {
    const [row] = await sql<{ paymentMethodId: string }[]>`
      select pm.gateway_payment_method_id as "paymentMethodId"
        from payment_methods pm join businesses b on b.id = pm.business_id
       where b.stripe_customer_id = ${session.customerId} and pm.is_default and pm.status = 'active'`;
    if (!row) throw new Error(`No card was recorded for ${session.sessionId}`);
    return row;
  };
  const sandbox: GatewayUnderTest = {
    name: 'sandbox',
    gateway: createSandboxGateway(sql),
    async completeSetup(session, card) {
      const [owner] = await sql<{ ownerId: string }[]>`
        select b.owner_id as "ownerId" from sandbox_setup_sessions s join businesses b on b.id = s.business_id
         where s.id = ${session.sessionId}`;
      const form = {
        number: card === 'visa' ? '4242424242424242' : '5555555555554444',
        expiry: `12 / ${(new Date().getUTCFullYear() + 3) % 100}`,
        cvc: '123',
      };
      const outcome = await completeSetupSession(sql, this.gateway, session.sessionId, owner!.ownerId, form);
      if (outcome?.kind !== 'saved')
        throw new Error(`The stand-in page did not save: ${JSON.stringify(outcome)}`);
      return savedMethod(session);
    },
    async savedCard(card) {
      const customerId = `cus_sbx_${randomBytes(12).toString('hex')}`;
      const paymentMethodId = `pm_sbx_${randomBytes(12).toString('hex')}`;
      await sql`
        insert into sandbox_payment_methods (id, customer_id, card_number, brand, exp_month, exp_year)
        values (${paymentMethodId}, ${customerId}, ${SANDBOX_NUMBERS[card]}, 'visa', 12, 2034)`;
      return { customerId, paymentMethodId };
    },
  };
  const stripe: GatewayUnderTest = {
    name: 'stripe',
    gateway: undefined as unknown as PaymentGateway,
    savedCard(card) {
      const customer = this.standIn!.state.put({ id: this.standIn!.state.id('cus'), object: 'customer' });
      return Promise.resolve({ customerId: customer.id, paymentMethodId: STRIPE_METHODS[card] });
    },
    async completeSetup(session, card) {
      completeCheckoutSetup(
        this.standIn!.state,
        session.sessionId,
        card === 'visa' ? 'pm_card_visa' : 'pm_card_mastercard',
      );
      const client = createStripeClient('sk_test_contract', {
        host: '127.0.0.1',
        port: this.standIn!.port,
        protocol: 'http',
      });
      await recordSetupSession(sql, client, session.sessionId);
      return savedMethod(session);
    },
  };
  beforeAll(async () => {
    stripe.standIn = await startStripeStandIn();
    stripe.gateway = createStripeGateway('sk_test_contract', {
      host: '127.0.0.1',
      port: stripe.standIn.port,
      protocol: 'http',
    });
  });
  afterAll(() => stripe.standIn?.close());
  return [sandbox, stripe];
}
