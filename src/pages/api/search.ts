// GET /api/search: contractor search. Public and the same for everyone, so the CDN may keep
// an answer for a minute.
import { ZSearchQuery } from '~/schemas/search';
import { db } from '~/server/platform/db/client';
import { publicCache, requestMeta } from '~/server/platform/http';
import { route } from '~/server/platform/route';
import { searchContractors } from '~/server/site';

export const prerender = false;

export const GET = route(
  { auth: 'none', query: ZSearchQuery, headers: publicCache(60, 300) },
  async ({ query, context }) =>
    Response.json(await searchContractors(db(), query, { clientIp: requestMeta(context).ip })),
);
