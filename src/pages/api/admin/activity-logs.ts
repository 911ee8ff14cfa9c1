// GET /api/admin/activity-logs?actor=&action=&from=&to=&cursor=: the audit log, newest first.
import { ZActivityQuery } from '~/schemas/admin';
import { listActivity } from '~/server/admin';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route({ auth: 'admin', query: ZActivityQuery }, async ({ query }) =>
  Response.json(await listActivity(db(), query)),
);
