// GET /api/quotes/recent: the newest requests sold to contractors (service, area, time), for the
// quote page's panel. The same for everyone, so the CDN may keep it for a minute.
import { db } from '~/server/platform/db/client';
import { publicCache } from '~/server/platform/http';
import { recentRequests } from '~/server/leads';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route({ auth: 'none', headers: publicCache(60, 300) }, async () =>
  Response.json({ requests: await recentRequests(db()) }),
);
