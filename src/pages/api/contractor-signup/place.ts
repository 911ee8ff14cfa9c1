// GET /api/contractor-signup/place?placeId=: a Google place's details as the form's fields.
// Public, limited per client address with the searches.
import { ZPlaceDetailsQuery } from '~/schemas/contractor-signup';
import { db } from '~/server/platform/db/client';
import { requestMeta } from '~/server/platform/http';
import { placesDirectory } from '~/server/platform/places/places';
import { placePrefill, limitSignupSearches } from '~/server/accounts';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route(
  { auth: 'none', query: ZPlaceDetailsQuery, maxQuery: 512 },
  async ({ context, query }) => {
    await limitSignupSearches(db(), requestMeta(context).ip);
    return Response.json({ place: await placePrefill(placesDirectory(), query.placeId) });
  },
);
