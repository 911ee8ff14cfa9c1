// POST /api/contractor/billing/plan: the caller's own plan. { action: 'start', plan } answers
// { url } of the gateway's Checkout page; 'preview' what a change would bill (changing nothing);
// 'change' (prorated as of the preview's prorationDate) and 'cancel' (at the period's end) answer
// { message }. No business or subscription id is taken from the request.
import { ZPlanRequest } from '~/schemas/plans';
import { requireActiveBusiness } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { paymentGateway, cancelPlan, changePlan, previewPlan, startPlan } from '~/server/money';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route(
  { auth: 'contractor', keyed: false, body: ZPlanRequest },
  async ({ user, body, context }) => {
    const business = await requireActiveBusiness(db(), user.id);
    const gateway = paymentGateway(db());
    if (body.action === 'start') {
      const origin = context.locals.site.origin;
      return Response.json(await startPlan(db(), gateway, business, user.email, origin, body.plan));
    }
    if (body.action === 'preview') {
      return Response.json(await previewPlan(db(), gateway, business.id, body.plan));
    }
    if (body.action === 'change') {
      return Response.json(
        await changePlan(db(), gateway, business.id, body.plan, user.id, body.prorationDate),
      );
    }
    return Response.json(await cancelPlan(db(), gateway, business.id, user.id));
  },
);
