// The PaymentGateway contract for payment setup, run against both adapters (the sandbox, and the
// stripe SDK against the stand-in of Stripe's API): a setup session gives a hosted page's URL and
// a customer (a new one, or the one given), and once the card is saved on the hosted page's
// stand-in it is the business's default card and is charged off-session.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createBusiness, createUser } from '../../factories/index.ts';
import { gatewaysUnderTest } from '../../helpers/gateways-under-test.ts';
import { useTestSql } from '../../helpers/sql.ts';

const sql = useTestSql();
const ORIGIN = 'http://127.0.0.1:4321';

describe.each(gatewaysUnderTest(sql))('$name gateway: payment setup', (under) => {
  const business = async () => {
    const owner = await createUser(sql, { roles: ['contractor'] });
    const row = await createBusiness(sql, { ownerId: owner.id });
    return { id: row.id, email: owner.email };
  };
  const request = (b: { id: string; email: string }, customerId: string | null) => ({
    businessId: b.id,
    customerId,
    email: b.email,
    returnUrl: `${ORIGIN}/dashboard?tab=payment-setup&setup=success`,
    cancelUrl: `${ORIGIN}/dashboard?tab=payment-setup&setup=cancelled`,
  });

  it('answers a hosted page URL, a session and a new customer', async () => {
    const b = await business();
    const session = await under.gateway.createSetupSession(request(b, null));
    expect(new URL(session.url).protocol).toMatch(/^https?:$/);
    expect(session.sessionId).toMatch(/^cs_/);
    expect(session.customerId).toMatch(/^cus_/);
  });

  it('keeps the customer it is given', async () => {
    const b = await business();
    const first = await under.gateway.createSetupSession(request(b, null));
    const second = await under.gateway.createSetupSession(request(b, first.customerId));
    expect(second.customerId).toBe(first.customerId);
    expect(second.sessionId).not.toBe(first.sessionId);
  });

  it.each(['visa', 'mastercard'] as const)(
    'saves the %s card on the hosted page as the default, chargeable off-session',
    async (card) => {
      const b = await business();
      const session = await under.gateway.createSetupSession(request(b, null));
      await sql`update businesses set stripe_customer_id = ${session.customerId} where id = ${b.id}`;
      const { paymentMethodId } = await under.completeSetup(session, card);
      const [saved] = await sql`
        select pm.brand, pm.is_default, pm.status, b.payment_setup_completed
          from payment_methods pm join businesses b on b.id = pm.business_id
         where pm.gateway_payment_method_id = ${paymentMethodId}`;
      expect(saved).toEqual({
        brand: card,
        is_default: true,
        status: 'active',
        payment_setup_completed: true,
      });
      expect(
        await under.gateway.charge({
          customerId: session.customerId,
          paymentMethodId,
          amountCents: 3000,
          idempotencyKey: `lead-distribution-${randomUUID()}`,
          description: 'Lead: Plumbing in Dayton',
        }),
      ).toEqual({ status: 'succeeded', paymentIntentId: expect.stringMatching(/^pi_/) as unknown });
    },
  );
});
