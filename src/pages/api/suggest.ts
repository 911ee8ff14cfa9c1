// GET /api/suggest?q=..&context=home|contractors: search-box suggestions (services, businesses,
// cities). Public; the CDN may keep an answer for five minutes.
import { ZSuggestQuery } from '~/schemas/search';
import { db } from '~/server/platform/db/client';
import { publicCache } from '~/server/platform/http';
import { route } from '~/server/platform/route';
import { suggest } from '~/server/site';

export const prerender = false;

export const GET = route(
  { auth: 'none', query: ZSuggestQuery, maxQuery: 512, headers: publicCache(300, 600) },
  async ({ query }) => Response.json({ suggestions: await suggest(db(), query) }),
);
