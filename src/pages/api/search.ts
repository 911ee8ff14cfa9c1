// GET /api/search: contractor search. Public and the same for everyone, so the CDN may keep
// an answer for a minute.
import type { APIRoute } from 'astro';
import { ZSearchQuery, searchParamsToObject } from '~/schemas/search';
import { db } from '~/server/db/client';
import { errorResponse } from '~/server/errors';
import { searchContractors } from '~/server/search/search-contractors';

export const prerender = false;
const MAX_QUERY_STRING = 2048;

export const GET: APIRoute = async ({ url }) => {
  try {
    if (url.search.length > MAX_QUERY_STRING) {
      return Response.json({ error: 'The query string is too long', code: 'BAD_REQUEST' }, { status: 400 });
    }
    const query = ZSearchQuery.parse(searchParamsToObject(url.searchParams));
    const result = await searchContractors(db(), query);
    return Response.json(result, {
      headers: {
        'cache-control': 'public, max-age=0, must-revalidate',
        'netlify-cdn-cache-control': 'public, s-maxage=60, stale-while-revalidate=300',
      },
    });
  } catch (error) {
    return errorResponse(error);
  }
};
