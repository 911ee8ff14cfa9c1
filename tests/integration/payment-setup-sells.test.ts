// After payment setup through the sandbox's stand-in, a quote request the contractor matches is
// sold to it: the card saved on the stand-in is the one the pipeline charges, off-session. Its own
// database, so the service's only contractor is this one.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadCatalog } from '../../src/server/site/catalog/load-catalog.ts';
import { upsertCatalog } from '../../src/server/site/catalog/upsert-catalog.ts';
import { createSql, type Sql } from '../../src/server/platform/db/client.ts';
import { startPaymentSetup } from '../../src/server/money/gateway/payment-setup.ts';
import { createSandboxGateway } from '../../src/server/money/gateway/sandbox-gateway.ts';
import { completeSetupSession } from '../../src/server/money/sandbox-pages/sandbox-setup.ts';
import { submitQuote } from '../../src/server/leads/requests/submit-quote.ts';
import { createBusiness, createUser, provePhone, quoteRequest } from '../factories/index.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import { afterSale } from '../helpers/queued-sales.ts';

let database: TestDatabase;
let sql: Sql;

beforeAll(async () => {
  database = await createTestDatabase();
  sql = createSql(database.url);
  await upsertCatalog(sql, await loadCatalog());
});

afterAll(async () => {
  await sql.end();
  await database.drop();
});

async function ask(service: string) {
  const input = await quoteRequest({ service });
  await provePhone(sql, input.phone, input.email);
  return afterSale(sql, await submitQuote(sql, input, { verifiedEmail: input.email }), {
    gateway: createSandboxGateway(sql),
  });
}

it('sells a matching request to a contractor once its card is saved on the stand-in, not before', async () => {
  const gateway = createSandboxGateway(sql);
  const [svc] = await sql<
    { slug: string; name: string }[]
  >`select slug, name from services order by slug limit 1`;
  const owner = await createUser(sql, { roles: ['contractor'] });
  const business = await createBusiness(sql, {
    ownerId: owner.id,
    category: svc!.name,
    services: [svc!.slug],
  });

  const before = await ask(svc!.slug);
  expect(before).toMatchObject({ contractorsContacted: 0 });

  const { url } = await startPaymentSetup(
    sql,
    gateway,
    { id: business.id, stripeCustomerId: null },
    owner.email,
    'http://127.0.0.1:4321',
  );
  const session = new URL(url).searchParams.get('session')!;
  const year = (new Date().getUTCFullYear() + 2) % 100;
  expect(
    await completeSetupSession(sql, gateway, session, owner.id, {
      number: '4242424242424242',
      expiry: `06/${year}`,
      cvc: '314',
    }),
  ).toMatchObject({ kind: 'saved' });

  const after = await ask(svc!.slug);
  expect(after).toMatchObject({ contractorsContacted: 1, paymentsSuccessful: 1 });
  const paid = await sql`
    select business_id, payment_status, payment_amount_cents from payment_transactions where lead_id = ${after.leadId}`;
  expect(paid).toEqual([{ business_id: business.id, payment_status: 'paid', payment_amount_cents: 3000 }]);
});
