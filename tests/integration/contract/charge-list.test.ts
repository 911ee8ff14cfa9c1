// The PaymentGateway contract for listing charges (revenue validation), run against both adapters
// (the sandbox, and the stripe SDK against the stand-in of Stripe's API): every attempt created in
// the period, succeeded and declined, with its amount and what was refunded; nothing outside the
// period; all pages read (more than one page of 100).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { GatewayCharge } from '../../../src/server/money/gateway/gateway.ts';
import { gatewaysUnderTest, type TestCard } from '../../helpers/gateways-under-test.ts';
import { useTestSql } from '../../helpers/sql.ts';

const sql = useTestSql();

describe.each(gatewaysUnderTest(sql))('$name gateway: charge list', (under) => {
  const charge = async (card: TestCard, amountCents = 3000) => {
    const { customerId, paymentMethodId } = await under.savedCard(card);
    const result = await under.gateway.charge({
      customerId,
      paymentMethodId,
      amountCents,
      idempotencyKey: `lead-distribution-${randomUUID()}`,
      description: 'Lead: Plumbing in Dayton',
    });
    if (!result.paymentIntentId) throw new Error('expected a payment intent');
    return result.paymentIntentId;
  };
  // Whole seconds: Stripe keeps creation times in seconds.
  const around = () => ({
    since: new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000),
    until: new Date(Date.now() + 60_000),
  });
  const byId = (charges: GatewayCharge[]) => new Map(charges.map((c) => [c.paymentIntentId, c]));

  it('lists the period’s charges with amount, status and the amount refunded', async () => {
    const period = around();
    const paid = await charge('visa', 3000);
    const other = await charge('visa', 4900);
    const declined = await charge('declined', 3000);
    const refund = await under.gateway.refund({
      paymentIntentId: other,
      amountCents: 1000,
      idempotencyKey: `lead-credit-${randomUUID()}`,
      reason: 'requested_by_customer',
    });
    expect(refund.status).toBe('succeeded');

    const listed = byId(await under.gateway.listCharges(period));
    expect(listed.get(paid)).toMatchObject({
      amountCents: 3000,
      amountRefundedCents: 0,
      status: 'succeeded',
    });
    expect(listed.get(other)).toMatchObject({
      amountCents: 4900,
      amountRefundedCents: 1000,
      status: 'succeeded',
    });
    expect(listed.get(declined)).toMatchObject({ amountCents: 3000, status: 'failed' });
    const created = listed.get(paid)!.created.getTime();
    expect(created).toBeGreaterThanOrEqual(period.since.getTime());
    expect(created).toBeLessThan(period.until.getTime());
  });

  it('leaves out charges made outside the period', async () => {
    const before = new Date(Math.floor(Date.now() / 1000) * 1000 - 1000);
    const made = await charge('visa');
    const earlier = await under.gateway.listCharges({
      since: new Date(before.getTime() - 3_600_000),
      until: before,
    });
    expect(earlier.map((c) => c.paymentIntentId)).not.toContain(made);
    const later = await under.gateway.listCharges({
      since: new Date(Date.now() + 5_000),
      until: new Date(Date.now() + 60_000),
    });
    expect(later.map((c) => c.paymentIntentId)).not.toContain(made);
  });

  it('reads every page: 130 charges come back once each, oldest first', async () => {
    const period = around();
    const made = [];
    for (let i = 0; i < 130; i += 1) made.push(await charge('visa', 100 + i));
    const listed = await under.gateway.listCharges(period);
    const ids = listed.map((c) => c.paymentIntentId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of made) expect(ids).toContain(id);
    const times = listed.map((c) => c.created.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    if (under.standIn) {
      const pages = under.standIn.requests.filter(
        (r) => r.method === 'GET' && r.path === '/v1/payment_intents',
      );
      expect(pages.length).toBeGreaterThan(1);
    }
  });
});
