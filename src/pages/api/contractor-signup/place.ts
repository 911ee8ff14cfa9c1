// GET /api/contractor-signup/place?placeId=: a Google place's details as the form's fields.
// Public, limited per client address with the searches.
import { ZPlaceDetailsQuery } from '~/schemas/contractor-signup';
import { db } from '~/server/db/client';
import { requestMeta } from '~/server/http';
import { placesDirectory } from '~/server/places/places';
import { placePrefill } from '~/server/registration/place-prefill';
import { limitSignupSearches } from '~/server/registration/search-signup-businesses';
import { route } from '~/server/route';

export const prerender = false;

export const GET = route(
  { auth: 'none', query: ZPlaceDetailsQuery, maxQuery: 512 },
  async ({ context, query }) => {
    await limitSignupSearches(db(), requestMeta(context).ip);
    return Response.json({ place: await placePrefill(placesDirectory(), query.placeId) });
  },
);
