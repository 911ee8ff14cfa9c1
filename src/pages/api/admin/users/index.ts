// GET /api/admin/users?q=&cursor=: accounts matching an e-mail or name, by e-mail, 25 a page.
import { ZAdminUserQuery } from '~/schemas/admin';
import { listUsers } from '~/server/admin';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route({ auth: 'admin', query: ZAdminUserQuery }, async ({ query }) =>
  Response.json(await listUsers(db(), { q: query.q, cursor: query.cursor })),
);
