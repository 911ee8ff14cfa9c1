// GET /api/admin/fraud?list=held|reported|blocked&cursor=: the fraud queue's lists by keyset pages:
// held requests oldest first and reported ones newest first, each with its signals; or the contact
// details blocked now, newest first.
import { ZFraudQuery } from '~/schemas/admin-fraud';
import { db } from '~/server/platform/db/client';
import { listFraudQueue } from '~/server/leads';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route({ auth: 'admin', query: ZFraudQuery }, async ({ query }) =>
  Response.json(await listFraudQueue(db(), query)),
);
