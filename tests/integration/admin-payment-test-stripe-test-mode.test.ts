// The payment-test page on a server whose gateway is Stripe in test mode (an sk_test_ key, the
// real stripe SDK against the Stripe stand-in, set before anything reads the configuration): a run
// is allowed, and the pipeline charges the test recipient's card through Stripe with the
// distribution's idempotency key.
import type { APIRoute } from 'astro';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { PaymentTestState, TestRun } from '../../src/schemas/admin-payment-test.ts';
import type { SessionUser } from '../../src/server/platform/security/sessions.ts';
import { createBusiness } from '../factories/index.ts';
import { apiContext, signedInUser } from '../helpers/api-context.ts';
import { useTestSql } from '../helpers/sql.ts';
import { startStripeStandIn } from '../helpers/stripe-stand-in/index.ts';

const standIn = await startStripeStandIn();
afterAll(() => standIn.close());
process.env['DATABASE_URL'] = inject('databaseUrl');
process.env['STRIPE_SECRET_KEY'] = 'sk_test_payment_test';
process.env['STRIPE_API_URL'] = `http://127.0.0.1:${standIn.port}`;
const sql = useTestSql();

let runs: APIRoute;
let state: APIRoute;
let admin: SessionUser;

beforeAll(async () => {
  runs = (await import('../../src/pages/api/admin/payment-test/runs.ts')).POST;
  state = (await import('../../src/pages/api/admin/payment-test/index.ts')).GET;
  admin = await signedInUser(sql, ['admin']);
});

it('runs a test through Stripe in test mode, charging the recipient with the distribution as key', async () => {
  const [area] = await sql<
    { zip: string }[]
  >`select zip_codes[1] as zip from service_areas where slug = 'dayton'`;
  const recipient = await createBusiness(sql, {
    name: 'Stripe Test Mode Gutters',
    category: 'Gutters',
    services: ['gutters'],
    serviceAreas: [area!.zip],
  });
  const method = `pm_paytest_${recipient.id.slice(0, 8)}`;
  await sql`update businesses set stripe_customer_id = 'cus_paytest', payment_setup_completed = true,
              receives_test_leads = true where id = ${recipient.id}`;
  await sql`
    insert into payment_methods (business_id, gateway_payment_method_id, brand, last4, expiry_month, expiry_year, is_default)
    values (${recipient.id}, ${method}, 'visa', '4242', 12, 2034, true)`;
  try {
    const page = (await (
      await state(apiContext({ method: 'GET', path: '/api/admin/payment-test', user: admin }))
    ).json()) as PaymentTestState;
    expect(page).toMatchObject({ mode: 'stripe_test', refusal: null });

    const answer = await runs(
      apiContext({
        method: 'POST',
        path: '/api/admin/payment-test/runs',
        user: admin,
        body: { service: 'gutters', area: 'dayton' },
      }),
    );
    expect(answer.status).toBe(201);
    const { run } = (await answer.json()) as { run: TestRun };
    expect(run).toMatchObject({ gateway: 'stripe_test', outcome: 'pass', error: null });
    const [distribution] = await sql<{ id: string; payment_status: string }[]>`
      select id, payment_status from lead_distributions where lead_id = ${run.leadId} and business_id = ${recipient.id}`;
    expect(distribution!.payment_status).toBe('paid');
    const [transaction] = await sql<{ stripe_payment_intent_id: string; payment_status: string }[]>`
      select stripe_payment_intent_id, payment_status from payment_transactions where distribution_id = ${distribution!.id}`;
    expect(transaction!.payment_status).toBe('paid');
    const charge = standIn.requests.find(
      (r) => r.path === '/v1/payment_intents' && r.body.get('payment_method') === method,
    );
    expect(charge?.idempotencyKey).toContain(distribution!.id);
    expect(transaction!.stripe_payment_intent_id).toMatch(/^pi_/);
  } finally {
    await sql`update businesses set receives_test_leads = false where id = ${recipient.id}`;
  }
});
