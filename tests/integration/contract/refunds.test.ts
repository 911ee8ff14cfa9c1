// The PaymentGateway contract for refunds and receipts, run against both adapters (the sandbox,
// and the stripe SDK against the stand-in of Stripe's API): a refund of a charge, the same key
// twice refunding once, never more than was charged, and a receipt for a paid charge only.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { gatewaysUnderTest, type TestCard } from '../../helpers/gateways-under-test.ts';
import { useTestSql } from '../../helpers/sql.ts';

const sql = useTestSql();

describe.each(gatewaysUnderTest(sql))('$name gateway: refunds and receipts', (under) => {
  const charge = async (card: TestCard) => {
    const { customerId, paymentMethodId } = await under.savedCard(card);
    return under.gateway.charge({
      customerId,
      paymentMethodId,
      amountCents: 3000,
      idempotencyKey: `lead-distribution-${randomUUID()}`,
      description: 'Lead: Plumbing in Dayton',
    });
  };
  const paid = async () => {
    const result = await charge('visa');
    if (result.status !== 'succeeded') throw new Error('the test card did not charge');
    return result.paymentIntentId;
  };
  const refund = (
    paymentIntentId: string,
    amountCents = 3000,
    idempotencyKey = `lead-credit-${randomUUID()}`,
  ) =>
    under.gateway.refund({
      paymentIntentId,
      amountCents,
      idempotencyKey,
      reason: 'duplicate',
      metadata: { creditId: 'credit-1' },
    });

  it('refunds a paid charge', async () => {
    const result = await refund(await paid());
    expect(result).toEqual({ status: 'succeeded', refundId: expect.stringMatching(/^re_/) as unknown });
  });

  it('refunds once for the same key asked twice, even at once', async () => {
    const intent = await paid();
    const key = `lead-credit-${randomUUID()}`;
    const [first, second] = await Promise.all([refund(intent, 3000, key), refund(intent, 3000, key)]);
    const third = await refund(intent, 3000, key);
    expect(first.status).toBe('succeeded');
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    // Nothing is left to refund: a new key finds the charge already given back whole.
    expect((await refund(intent, 100)).status).toBe('failed');
  });

  it('refuses to refund more than was charged, whole or in parts', async () => {
    const intent = await paid();
    const tooMuch = await refund(intent, 3001);
    expect(tooMuch.status).toBe('failed');
    if (tooMuch.status !== 'failed') throw new Error('unreachable');
    expect(tooMuch.message).toMatch(/greater than/i);
    expect((await refund(intent, 2000)).status).toBe('succeeded');
    expect((await refund(intent, 1001)).status).toBe('failed');
    expect((await refund(intent, 1000)).status).toBe('succeeded');
    // Stripe's side (the stand-in): the charge records the refunds and is refunded once whole.
    if (under.standIn) {
      const charge = under.standIn.state.get(String(under.standIn.state.get(intent)?.['latest_charge']));
      expect(charge).toMatchObject({ amount: 3000, amount_refunded: 3000, refunded: true });
    }
  });

  it('refuses to refund a charge that failed', async () => {
    const declined = await charge('declined');
    if (declined.status === 'succeeded' || !declined.paymentIntentId) throw new Error('expected an intent');
    expect((await refund(declined.paymentIntentId)).status).toBe('failed');
  });

  it('gives the receipt URL of a paid charge and none for a failed one', async () => {
    const url = await under.gateway.receiptUrl(await paid());
    expect(url).toMatch(/^https?:\/\/[^/]+\/.*receipts\//);
    const declined = await charge('declined');
    if (declined.status === 'succeeded' || !declined.paymentIntentId) throw new Error('expected an intent');
    expect(await under.gateway.receiptUrl(declined.paymentIntentId)).toBeNull();
  });
});
