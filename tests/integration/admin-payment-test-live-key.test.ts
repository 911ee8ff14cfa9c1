// The payment-test page on a server whose gateway is Stripe in live mode (STRIPE_SECRET_KEY is a
// live key, set before anything reads the configuration, as the Stripe tests set theirs): a test
// run is refused on the server with the reason, and nothing is created (no lead, no run, no
// distribution, no charge, no audit row); the page's state says why. Stripe is never called.
import type { APIRoute } from 'astro';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { PAYMENT_TEST_MESSAGES } from '../../src/domain/payment-test.ts';
import type { PaymentTestState } from '../../src/schemas/admin-payment-test.ts';
import type { SessionUser } from '../../src/server/platform/security/sessions.ts';
import { createBusiness, giveCard } from '../factories/index.ts';
import { apiContext, signedInUser } from '../helpers/api-context.ts';
import { useTestSql } from '../helpers/sql.ts';

process.env['DATABASE_URL'] = inject('databaseUrl');
process.env['STRIPE_SECRET_KEY'] = 'sk_live_payment_test_refusal';
// Nothing may reach Stripe: a request to this address would fail the run loudly instead.
process.env['STRIPE_API_URL'] = 'http://127.0.0.1:9';
const sql = useTestSql();

let runs: APIRoute;
let state: APIRoute;
let admin: SessionUser;

beforeAll(async () => {
  runs = (await import('../../src/pages/api/admin/payment-test/runs.ts')).POST;
  state = (await import('../../src/pages/api/admin/payment-test/index.ts')).GET;
  admin = await signedInUser(sql, ['admin']);
});

/** What a run by this file's admin would create (other files share the database). */
const counts = async (recipientId: string) => {
  const [row] = await sql<{ leads: number; runs: number; audit: number; distributions: number }[]>`
    select (select count(*)::int from leads where email = ${admin.email}) as leads,
           (select count(*)::int from payment_test_runs where actor_user_id = ${admin.id}) as runs,
           (select count(*)::int from audit_log where actor_user_id = ${admin.id}) as audit,
           (select count(*)::int from lead_distributions where business_id = ${recipientId}) as distributions`;
  return row!;
};

describe('with a live Stripe key', () => {
  it('refuses a test run with the reason and creates nothing', async () => {
    // A recipient that would be charged if the refusal were missing.
    const recipient = await createBusiness(sql, {
      name: 'Live Key Recipient Plumbing',
      serviceAreas: ['45402'],
    });
    await giveCard(sql, recipient.id);
    await sql`update businesses set receives_test_leads = true where id = ${recipient.id}`;
    try {
      const before = await counts(recipient.id);
      const answer = await runs(
        apiContext({
          method: 'POST',
          path: '/api/admin/payment-test/runs',
          user: admin,
          body: { service: 'plumbing', area: 'dayton' },
        }),
      );
      expect(answer.status).toBe(409);
      expect(((await answer.json()) as { error: string }).error).toBe(PAYMENT_TEST_MESSAGES.liveKey);
      expect(await counts(recipient.id)).toEqual(before);
    } finally {
      await sql`update businesses set receives_test_leads = false where id = ${recipient.id}`;
    }
  });

  it("says why on the page's state", async () => {
    const answer = await state(apiContext({ method: 'GET', path: '/api/admin/payment-test', user: admin }));
    const body = (await answer.json()) as PaymentTestState;
    expect(body.mode).toBe('stripe_live');
    expect(body.refusal).toBe(PAYMENT_TEST_MESSAGES.liveKey);
  });
});
