// The Stripe adapter of the PaymentGateway port, with the real stripe SDK against a stand-in for
// Stripe's API: success, declines (with their decline codes), authentication required, and an
// idempotency key that returns the first charge instead of making a second.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentGateway } from '../../src/server/money/gateway/gateway.ts';
import { createStripeGateway } from '../../src/server/money/gateway/stripe-gateway.ts';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in/index.ts';

let standIn: StripeStandIn;
let gateway: PaymentGateway;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  gateway = createStripeGateway('sk_test_standin', {
    host: '127.0.0.1',
    port: standIn.port,
    protocol: 'http',
  });
});
afterAll(() => standIn.close());

const charge = (paymentMethodId: string, idempotencyKey: string) =>
  gateway.charge({
    customerId: 'cus_test',
    paymentMethodId,
    amountCents: 3000,
    idempotencyKey,
    description: 'Lead: Plumbing in Dayton',
    metadata: { leadId: 'lead-1' },
  });

describe('the Stripe gateway', () => {
  it('charges off-session and confirms at once, sending the idempotency key', async () => {
    expect(await charge('pm_card_visa', 'lead-distribution-a')).toEqual({
      status: 'succeeded',
      paymentIntentId: expect.stringMatching(/^pi_standin_/) as unknown,
    });
    const sent = standIn.requests.at(-1)!;
    expect(sent.idempotencyKey).toBe('lead-distribution-a');
    expect(Object.fromEntries(sent.body)).toMatchObject({
      amount: '3000',
      currency: 'usd',
      customer: 'cus_test',
      payment_method: 'pm_card_visa',
      off_session: 'true',
      confirm: 'true',
      'metadata[leadId]': 'lead-1',
    });
  });

  it('returns the first charge for a repeated idempotency key', async () => {
    const first = await charge('pm_card_visa', 'lead-distribution-b');
    const again = await charge('pm_card_visa', 'lead-distribution-b');
    expect(again).toEqual(first);
  });

  it('reports declines with their codes, and authentication as requires_action', async () => {
    expect(await charge('pm_card_chargeDeclined', 'k1')).toMatchObject({
      status: 'failed',
      declineCode: 'generic_decline',
      message: 'Your card was declined.',
      paymentIntentId: expect.stringMatching(/^pi_/) as unknown,
    });
    expect(await charge('pm_card_chargeDeclinedInsufficientFunds', 'k2')).toMatchObject({
      status: 'failed',
      declineCode: 'insufficient_funds',
    });
    expect(await charge('pm_card_authenticationRequired', 'k3')).toMatchObject({
      status: 'requires_action',
      declineCode: 'authentication_required',
    });
  });

  it('throws on errors that are not about the card (the pipeline retries later)', async () => {
    const wrongKey = createStripeGateway('rk_live_wrong', {
      host: '127.0.0.1',
      port: standIn.port,
      protocol: 'http',
    });
    await expect(
      wrongKey.charge({
        customerId: 'c',
        paymentMethodId: 'pm_card_visa',
        amountCents: 3000,
        idempotencyKey: 'k4',
        description: 'x',
      }),
    ).rejects.toThrow(/Invalid API Key/);
  });
});
