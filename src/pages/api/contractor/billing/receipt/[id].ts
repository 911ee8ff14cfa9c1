// GET /api/contractor/billing/receipt/:transactionId: the receipt of one of the caller's
// transactions, by redirect to the gateway's receipt page. None: 404 'Receipt Not Available'
// (a page opened from the billing page goes back to it, which says so); another business's
// transaction or an unknown id: 404 'Transaction not found'.
import { BILLING_MESSAGES } from '~/domain/billing-rules';
import { transactionReceipt, paymentGateway } from '~/server/money';
import { requireActiveBusiness } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { AppError } from '~/server/platform/errors';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route({ auth: 'contractor' }, async ({ user, context }) => {
  const business = await requireActiveBusiness(db(), user.id);
  const url = await transactionReceipt(db(), paymentGateway(db()), business.id, context.params['id'] ?? '');
  if (url) return new Response(null, { status: 303, headers: { location: url } });
  if (context.request.headers.get('sec-fetch-mode') === 'navigate') {
    return new Response(null, {
      status: 303,
      headers: { location: '/contractor/billing?receipt=unavailable' },
    });
  }
  throw new AppError('NOT_FOUND', BILLING_MESSAGES.receiptMissing);
});
