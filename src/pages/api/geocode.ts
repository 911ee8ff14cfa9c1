// GET /api/geocode?lat=..&lng=..: the place name for a point, for "Use my location". The
// geocoder's token never leaves the server. Not cached by the CDN: the point is the user's.
import type { APIRoute } from 'astro';
import { ZReverseGeocodeQuery, searchParamsToObject } from '~/schemas/search';
import { db } from '~/server/db/client';
import { errorResponse } from '~/server/errors';
import { PRIVATE } from '~/server/http';
import { placeName } from '~/server/geo/place-name';

export const prerender = false;

export const GET: APIRoute = async ({ url }) => {
  const headers = PRIVATE;
  try {
    if (url.search.length > 256) {
      return Response.json(
        { error: 'The query string is too long', code: 'BAD_REQUEST' },
        { status: 400, headers },
      );
    }
    const query = ZReverseGeocodeQuery.parse(searchParamsToObject(url.searchParams));
    return Response.json(await placeName(db(), query), { headers });
  } catch (error) {
    return errorResponse(error, headers);
  }
};
