// POST /api/admin/payment-test/runs {service, area}: a test lead sold through the real pipeline;
// 409 with the reason, and nothing created, when the gateway is Stripe in live mode.
import { ZPaymentTestRun } from '~/schemas/admin-payment-test';
import { triggerPaymentTest } from '~/server/admin';
import { stripeSecretKey } from '~/server/platform/config/payments';
import { db } from '~/server/platform/db/client';
import { kickMailSender } from '~/server/platform/mail/sender';
import { paymentGateway } from '~/server/money';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'admin', body: ZPaymentTestRun }, async ({ user, body }) => {
  const sql = db();
  const run = await triggerPaymentTest(sql, user, body, {
    stripeKey: stripeSecretKey(),
    gateway: () => paymentGateway(sql),
  });
  // The lead's mails (to each paying test recipient, and the confirmation) go out now.
  kickMailSender(sql);
  return Response.json({ run }, { status: 201 });
});
