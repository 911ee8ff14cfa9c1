// POST /api/contractor/leads/:distributionId/credit {reason, note?}: disputes one of the caller's
// charged leads (automatic credits): refunded at once when the reason's rule is met, otherwise
// queued for the team; 404 for another business's lead, 409 past the 7 days or when not charged.
import { ZLeadCreditRequest } from '~/schemas/lead-credit';
import { requireActiveBusiness } from '~/server/accounts';
import { disputeLead } from '~/server/leads';
import { db } from '~/server/platform/db/client';
import { kickMailSender } from '~/server/platform/mail/sender';
import { paymentGateway } from '~/server/money';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route(
  { auth: 'contractor', body: ZLeadCreditRequest },
  async ({ user, body, context }) => {
    const business = await requireActiveBusiness(db(), user.id);
    const credit = await disputeLead(
      db(),
      paymentGateway(db()),
      business.id,
      context.params['id'] ?? '',
      body,
    );
    if (credit.status === 'refunded') kickMailSender(db());
    return Response.json(credit);
  },
);
