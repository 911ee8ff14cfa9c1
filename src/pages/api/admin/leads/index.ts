// GET /api/admin/leads?qualification=&q=&cursor=: every lead, newest first, 25 a page (keyset),
// each with its qualification, score and how many pros it went to and paid.
import { ZAdminLeadQuery } from '~/schemas/admin-leads';
import { listLeads } from '~/server/admin';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route({ auth: 'admin', query: ZAdminLeadQuery }, async ({ query }) =>
  Response.json(await listLeads(db(), query)),
);
