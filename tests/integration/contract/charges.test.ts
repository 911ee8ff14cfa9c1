// The PaymentGateway contract for lead charges, run against both adapters (the sandbox, and the
// stripe SDK against the stand-in of Stripe's API): off-session success, each test card's decline,
// and the same idempotency key twice giving the first result without a second charge.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { gatewaysUnderTest, type TestCard } from '../../helpers/gateways-under-test.ts';
import { useTestSql } from '../../helpers/sql.ts';

const sql = useTestSql();

describe.each(gatewaysUnderTest(sql))('$name gateway: charges', (under) => {
  const charge = async (card: TestCard, idempotencyKey = `lead-distribution-${randomUUID()}`) => {
    const { customerId, paymentMethodId } = await under.savedCard(card);
    return under.gateway.charge({
      customerId,
      paymentMethodId,
      amountCents: 3000,
      idempotencyKey,
      description: 'Lead: Plumbing in Dayton',
      metadata: { leadId: 'lead-1' },
    });
  };

  it('charges a saved card off-session', async () => {
    expect(await charge('visa')).toEqual({
      status: 'succeeded',
      paymentIntentId: expect.stringMatching(/^pi_/) as unknown,
    });
  });

  it.each([
    ['declined', 'failed', /declined/i],
    ['insufficient_funds', 'failed', /insufficient funds/i],
    ['expired', 'failed', /expired/i],
    ['authentication_required', 'requires_action', /authentication/i],
  ] as const)('reports the %s card as %s', async (card, status, message) => {
    const result = await charge(card);
    expect(result.status).toBe(status);
    if (result.status === 'succeeded') throw new Error('unreachable');
    expect(result.message).toMatch(message);
    expect(result.declineCode).toMatch(/^[a-z_]+$/);
  });

  it('answers the same idempotency key twice with the first charge, never a second', async () => {
    const { customerId, paymentMethodId } = await under.savedCard('visa');
    const request = {
      customerId,
      paymentMethodId,
      amountCents: 3000,
      idempotencyKey: `lead-distribution-${randomUUID()}`,
      description: 'Lead: Roofing in Kettering',
    };
    const [first, second] = await Promise.all([under.gateway.charge(request), under.gateway.charge(request)]);
    const third = await under.gateway.charge(request);
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(first.status).toBe('succeeded');
  });
});
