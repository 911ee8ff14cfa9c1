// GET /api/admin/leads/:id: one lead: why it was qualified or not, its score rule by rule, and
// every distribution with its stage, charge and credit.
import { leadDetail } from '~/server/admin';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route({ auth: 'admin' }, async ({ context }) =>
  Response.json({ lead: await leadDetail(db(), context.params.id ?? '') }),
);
