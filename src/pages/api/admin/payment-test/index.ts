// GET /api/admin/payment-test?limit=5|10: the admin leads summary, the latest test leads, their
// distributions and transactions, the test runs and the test recipients, and whether a test may run.
import type { PaymentTestListSize } from '~/domain/payment-test';
import { ZPaymentTestQuery } from '~/schemas/admin-payment-test';
import { paymentTestState } from '~/server/admin';
import { stripeSecretKey } from '~/server/platform/config/payments';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route({ auth: 'admin', query: ZPaymentTestQuery }, async ({ query }) =>
  Response.json(
    await paymentTestState(db(), Number(query.limit ?? 5) as PaymentTestListSize, stripeSecretKey()),
  ),
);
