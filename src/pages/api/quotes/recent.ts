// GET /api/quotes/recent: the newest requests sold to contractors (service, area, time), for the
// quote page's panel. The same for everyone, so the CDN may keep it for a minute.
import type { APIRoute } from 'astro';
import { db } from '~/server/db/client';
import { errorResponse } from '~/server/errors';
import { recentRequests } from '~/server/quotes/recent-requests';

export const prerender = false;

export const GET: APIRoute = async () => {
  try {
    return Response.json(
      { requests: await recentRequests(db()) },
      {
        headers: {
          'cache-control': 'public, max-age=0, must-revalidate',
          'netlify-cdn-cache-control': 'public, s-maxage=60, stale-while-revalidate=300',
        },
      },
    );
  } catch (error) {
    return errorResponse(error);
  }
};
