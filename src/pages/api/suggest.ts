// GET /api/suggest?q=..&context=home|contractors: search-box suggestions (services, businesses,
// cities). Public; the CDN may keep an answer for five minutes.
import type { APIRoute } from 'astro';
import { ZSuggestQuery, searchParamsToObject } from '~/schemas/search';
import { db } from '~/server/db/client';
import { errorResponse } from '~/server/errors';
import { suggest } from '~/server/search/suggest';

export const prerender = false;

export const GET: APIRoute = async ({ url }) => {
  try {
    if (url.search.length > 512) {
      return Response.json({ error: 'The query string is too long', code: 'BAD_REQUEST' }, { status: 400 });
    }
    const query = ZSuggestQuery.parse(searchParamsToObject(url.searchParams));
    const suggestions = await suggest(db(), query);
    return Response.json(
      { suggestions },
      {
        headers: {
          'cache-control': 'public, max-age=0, must-revalidate',
          'netlify-cdn-cache-control': 'public, s-maxage=300, stale-while-revalidate=600',
        },
      },
    );
  } catch (error) {
    return errorResponse(error);
  }
};
