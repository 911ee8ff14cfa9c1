// Revenue validation against the real database and the sandbox gateway: a clean ledger (paid,
// refunded, declined, and a pair stamped across the period's edge) lists no mismatch; planted
// mismatches (a paid transaction with no charge, one whose charge the gateway does not have, a
// charge with no transaction, an amount difference, a charge taken that the ledger calls failed,
// a refund the gateway never made) are each listed. Planted in 2019 months no other test writes.
import { randomUUID } from 'node:crypto';
import type { APIRoute } from 'astro';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { RevenueReport } from '../../src/schemas/admin-payments.ts';
import { revenuePeriod, validateRevenue } from '../../src/server/admin/validate-revenue.ts';
import type { SessionUser } from '../../src/server/platform/security/sessions.ts';
import { createSandboxGateway } from '../../src/server/money/gateway/sandbox-gateway.ts';
import { createBusiness, createUser, giveCard } from '../factories/index.ts';
import { apiContext, signedInUser } from '../helpers/api-context.ts';
import { useTestSql } from '../helpers/sql.ts';

process.env['DATABASE_URL'] = inject('databaseUrl');
const sql = useTestSql();
const gateway = createSandboxGateway(sql);

let endpoint: APIRoute;
let admin: SessionUser;

beforeAll(async () => {
  endpoint = (await import('../../src/pages/api/admin/revenue-validation.ts')).GET;
  admin = await signedInUser(sql, ['admin']);
});

async function business(card = '4242424242424242') {
  const owner = await createUser(sql, { roles: ['contractor'] });
  const b = await createBusiness(sql, { ownerId: owner.id });
  await giveCard(sql, b.id, card);
  const [row] = await sql<{ customer: string; method: string }[]>`
    select b.stripe_customer_id as customer, pm.gateway_payment_method_id as method
      from businesses b join payment_methods pm on pm.business_id = b.id and pm.is_default where b.id = ${b.id}`;
  return { id: b.id, ...row! };
}

type Business = Awaited<ReturnType<typeof business>>;

/** A charge at the sandbox made at `at` (its stored time moved there). */
async function charge(who: Business, amountCents: number, at: string): Promise<string> {
  const result = await gateway.charge({
    customerId: who.customer,
    paymentMethodId: who.method,
    amountCents,
    idempotencyKey: `revenue-test-${randomUUID()}`,
    description: 'Lead charge',
  });
  if (!result.paymentIntentId) throw new Error('expected a payment intent');
  await sql`update sandbox_payment_intents set created_at = ${at} where id = ${result.paymentIntentId}`;
  return result.paymentIntentId;
}

async function ledger(
  who: Business,
  row: { amountCents: number; status: string; intent: string | null; at: string; refundedCents?: number },
): Promise<string> {
  const [t] = await sql<{ id: string }[]>`
    insert into payment_transactions (business_id, idempotency_key, payment_amount_cents, payment_status,
                                      stripe_payment_intent_id, refunded_amount_cents, refunded_at, description, created_at)
    values (${who.id}, ${`revenue-test-${randomUUID()}`}, ${row.amountCents}, ${row.status}, ${row.intent},
            ${row.refundedCents ?? 0}, ${row.refundedCents ? row.at : null}, 'Lead charge', ${row.at})
    returning id`;
  return t!.id;
}

async function report(from: string, to: string): Promise<RevenueReport> {
  const answer = await endpoint(
    apiContext({ method: 'GET', path: `/api/admin/revenue-validation?from=${from}&to=${to}`, user: admin }),
  );
  expect(answer.status, await answer.clone().text()).toBe(200);
  return (await answer.json()) as RevenueReport;
}

describe('revenue validation', () => {
  it('lists no mismatch for a clean ledger, a pair across the period’s edge included', async () => {
    const paying = await business();
    const declining = await business('4000000000000002');
    const paid = await charge(paying, 3000, '2019-06-10T12:00:00Z');
    await ledger(paying, { amountCents: 3000, status: 'paid', intent: paid, at: '2019-06-10T12:00:00Z' });
    const refunded = await charge(paying, 3000, '2019-06-12T09:00:00Z');
    const refund = await gateway.refund({
      paymentIntentId: refunded,
      amountCents: 3000,
      idempotencyKey: `revenue-test-${randomUUID()}`,
      reason: 'duplicate',
    });
    expect(refund.status).toBe('succeeded');
    await ledger(paying, {
      amountCents: 3000,
      status: 'refunded',
      intent: refunded,
      at: '2019-06-12T09:00:00Z',
      refundedCents: 3000,
    });
    const declined = await charge(declining, 3000, '2019-06-15T10:00:00Z');
    await ledger(declining, {
      amountCents: 3000,
      status: 'failed',
      intent: declined,
      at: '2019-06-15T10:00:00Z',
    });
    // Recorded a few seconds before midnight, charged at the gateway just after.
    const edge = await charge(paying, 4900, '2019-07-01T00:00:20Z');
    await ledger(paying, { amountCents: 4900, status: 'paid', intent: edge, at: '2019-06-30T23:59:50Z' });

    const june = await report('2019-06-01', '2019-06-30');
    expect(june).toMatchObject({ from: '2019-06-01', to: '2019-06-30', gateway: 'sandbox', mismatches: [] });
    expect(june.ledgerRows).toBe(4);
    expect(june.gatewayCharges).toBe(3);
    expect(june.matched).toBe(4);
    const july = await report('2019-07-01', '2019-07-31');
    expect(july.mismatches).toEqual([]);
    expect(july.matched).toBe(1);
  });

  it('finds each planted mismatch', async () => {
    const who = await business();
    const noCharge = await ledger(who, {
      amountCents: 3000,
      status: 'paid',
      intent: null,
      at: '2019-08-03T10:00:00Z',
    });
    const lostIntent = `pi_sandbox_${randomUUID().replaceAll('-', '')}`;
    const lost = await ledger(who, {
      amountCents: 3000,
      status: 'paid',
      intent: lostIntent,
      at: '2019-08-04T10:00:00Z',
    });
    const unrecorded = await charge(who, 3000, '2019-08-05T10:00:00Z');
    const differs = await charge(who, 3000, '2019-08-06T10:00:00Z');
    const differsRow = await ledger(who, {
      amountCents: 4900,
      status: 'paid',
      intent: differs,
      at: '2019-08-06T10:00:00Z',
    });
    const taken = await charge(who, 3000, '2019-08-07T10:00:00Z');
    const takenRow = await ledger(who, {
      amountCents: 3000,
      status: 'failed',
      intent: taken,
      at: '2019-08-07T10:00:00Z',
    });
    const notRefunded = await charge(who, 3000, '2019-08-08T10:00:00Z');
    const notRefundedRow = await ledger(who, {
      amountCents: 3000,
      status: 'refunded',
      intent: notRefunded,
      at: '2019-08-08T10:00:00Z',
      refundedCents: 3000,
    });
    const clean = await charge(who, 3000, '2019-08-09T10:00:00Z');
    await ledger(who, { amountCents: 3000, status: 'paid', intent: clean, at: '2019-08-09T10:00:00Z' });

    const august = await report('2019-08-01', '2019-08-31');
    const found = august.mismatches.map((m) => [m.kind, m.transactionId, m.paymentIntentId]);
    expect(found).toEqual([
      ['status_differs', notRefundedRow, notRefunded],
      ['status_differs', takenRow, taken],
      ['amount_differs', differsRow, differs],
      ['missing_in_ledger', null, unrecorded],
      ['missing_at_gateway', lost, lostIntent],
      ['missing_at_gateway', noCharge, null],
    ]);
    expect(august.mismatches[2]).toMatchObject({ ledgerAmountCents: 4900, gatewayAmountCents: 3000 });
    expect(august.mismatches[0]!.detail).toBe('Refunded: ledger $30.00, gateway $0.00.');
    expect(august.mismatches[1]!.detail).toBe('The gateway took $30.00; the ledger says failed.');
    expect(august.matched).toBe(1);
    expect(august.ledgerRows).toBe(6);
    expect(august.gatewayCharges).toBe(5);
    // Each is its period's own: the clean months stay clean.
    expect(
      (await validateRevenue(sql, gateway, { from: '2019-06-01', to: '2019-06-30' })).mismatches,
    ).toEqual([]);
  });

  it('defaults to the last 30 days and refuses a bad period', async () => {
    expect(revenuePeriod({}, new Date('2026-11-23T15:00:00Z'))).toMatchObject({
      from: '2026-10-25',
      to: '2026-11-23',
    });
    const answer = await endpoint(
      apiContext({ method: 'GET', path: '/api/admin/revenue-validation', user: admin }),
    );
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as RevenueReport;
    expect(body.to).toBe(new Date().toISOString().slice(0, 10));
    for (const [query, message] of [
      ['from=2019-08-31&to=2019-08-01', 'The start of the period must not be after its end.'],
      ['from=2018-01-01&to=2019-08-01', 'Choose a period of at most 366 days.'],
      ['from=2019-02-30', 'Use YYYY-MM-DD'],
      ['to=yesterday', 'Use YYYY-MM-DD'],
    ] as const) {
      const refused = await endpoint(
        apiContext({ method: 'GET', path: `/api/admin/revenue-validation?${query}`, user: admin }),
      );
      expect(refused.status, query).toBe(400);
      expect(JSON.stringify(await refused.json()), query).toContain(message);
    }
  });
});
