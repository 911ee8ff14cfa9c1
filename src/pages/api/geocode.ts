// GET /api/geocode?lat=..&lng=..: the place name for a point, for "Use my location". The
// geocoder's token never leaves the server. Not cached by the CDN: the point is the user's.
import { ZReverseGeocodeQuery } from '~/schemas/search';
import { db } from '~/server/platform/db/client';
import { placeName } from '~/server/site';
import { requestMeta } from '~/server/platform/http';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route(
  { auth: 'none', query: ZReverseGeocodeQuery, maxQuery: 256 },
  async ({ query, context }) =>
    Response.json(await placeName(db(), query, undefined, requestMeta(context).ip)),
);
